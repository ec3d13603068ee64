import { REDUCED_MOTION } from "~/lib/media-queries";

/** Where a video streams from: mp4 when there is one, else HLS. */
export type Streams = { mp4?: string; hls?: string };

/**
 * Video behaviour, loaded on demand by the video component: a page without a
 * video never downloads this module, nor hls.js, which this module loads only
 * when a stream has no mp4 and the browser cannot play HLS itself.
 */

type Detach = () => void;

async function attachSource(video: HTMLVideoElement, sources: Streams): Promise<Detach> {
  const stopLoading = () => {
    video.removeAttribute("src");
    video.load();
  };
  if (sources.mp4) {
    video.src = sources.mp4;
    return stopLoading;
  }
  if (!sources.hls) return () => undefined;
  if (video.canPlayType("application/vnd.apple.mpegurl")) {
    video.src = sources.hls;
    return stopLoading;
  }
  const { default: Hls } = await import("hls.js/light");
  if (!Hls.isSupported()) {
    video.src = sources.hls;
    return stopLoading;
  }
  const hls = new Hls({ capLevelToPlayerSize: true });
  hls.loadSource(sources.hls);
  hls.attachMedia(video);
  return () => hls.destroy();
}

/**
 * Runs `callback` once the page has loaded and the browser is idle, so a
 * decorative video never competes with the page's own images and scripts.
 * Without requestIdleCallback it falls back to a 1 ms timer.
 */
function whenIdle(callback: () => void): () => void {
  let cancelled = false;
  let handle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    handle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(callback, { timeout: 2000 })
        : window.setTimeout(callback, 1);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (handle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

function play(video: HTMLVideoElement) {
  // A browser may refuse (data saver, a policy): the poster stays, which is fine.
  video.play().catch(() => undefined);
}

/** What the visitor asked of a background video with its button: nothing yet, play, or pause. */
export type Choice = "auto" | "play" | "pause";

/**
 * Whether a background video on screen should move. Left alone, it plays
 * unless the visitor asked for reduced motion or the screen is one where it
 * waits to be asked (`held`); a press of its button overrides both.
 */
export function wantsMotion(choice: Choice, reducedMotion: boolean, held: boolean): boolean {
  if (choice !== "auto") return choice === "play";
  return !reducedMotion && !held;
}

export type BackgroundPlayback = {
  /** The visitor pressed the video's button: play if it is meant to be still, else pause. */
  toggle(): void;
  /** A control for several videos (a gallery's) asked for this. */
  choose(choice: Choice): void;
  stop: Detach;
};

type BackgroundOptions = {
  /** A media query where the video waits for its button (docs/decisions/056-video-loading.md). */
  holdWhere?: string;
  /** Told whether the video is meant to move, at once and whenever that changes. */
  onChange?: (moving: boolean) => void;
};

/**
 * A muted, looping, inline background video that plays only while it is on
 * screen and motion is wanted (`wantsMotion`). Its source is attached the
 * first time it should play once the page is idle, so off-screen and still
 * videos cost nothing and on-screen ones wait for the page itself; a press of
 * its button does not wait.
 */
export function startBackgroundVideo(
  video: HTMLVideoElement,
  sources: Streams,
  { holdWhere, onChange }: BackgroundOptions = {},
): BackgroundPlayback {
  video.muted = true;
  video.defaultMuted = true;
  video.loop = true;
  video.playsInline = true;
  // A decoration offers no picture-in-picture (a DOM property: the attribute is not HTML's).
  video.disablePictureInPicture = true;
  const reducedMotion = window.matchMedia(REDUCED_MOTION);
  const held = holdWhere ? window.matchMedia(holdWhere) : undefined;
  let choice: Choice = "auto";
  let onScreen = false;
  let observing = false;
  let stopped = false;
  let attached: Promise<Detach> | undefined;
  let reported: boolean | undefined;

  const moving = () => wantsMotion(choice, reducedMotion.matches, held?.matches ?? false);
  const update = () => {
    if (stopped) return;
    if (moving() !== reported) {
      reported = moving();
      onChange?.(reported);
    }
    if (!onScreen || !moving()) {
      video.pause();
      return;
    }
    attached ??= attachSource(video, sources);
    attached.then(() => {
      if (!stopped && onScreen && moving()) play(video);
    }, console.error);
  };

  const observer = new IntersectionObserver((entries) => {
    onScreen = entries.some((entry) => entry.isIntersecting);
    update();
  });
  const observe = () => {
    if (observing || stopped) return;
    observing = true;
    observer.observe(video);
  };
  const cancelIdle = whenIdle(observe);
  reducedMotion.addEventListener("change", update);
  held?.addEventListener("change", update);
  update();

  const choose = (next: Choice) => {
    choice = next;
    cancelIdle();
    observe();
    update();
  };

  return {
    toggle() {
      choose(moving() ? "pause" : "play");
    },
    choose,
    stop() {
      stopped = true;
      cancelIdle();
      observer.disconnect();
      reducedMotion.removeEventListener("change", update);
      held?.removeEventListener("change", update);
      video.pause();
      attached?.then(
        (detach) => detach(),
        () => undefined,
      );
    },
  };
}

/** The player variant, after the visitor pressed play: sound on, controls, focus on it. */
export function startPlayer(video: HTMLVideoElement, sources: Streams): Detach {
  let stopped = false;
  const attached = attachSource(video, sources);
  attached.then(() => {
    if (stopped) return;
    video.focus();
    play(video);
  }, console.error);
  return () => {
    stopped = true;
    video.pause();
    attached.then(
      (detach) => detach(),
      () => undefined,
    );
  };
}
