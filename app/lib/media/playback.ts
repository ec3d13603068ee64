import type { VideoSources } from "./video";

type Streams = Pick<VideoSources, "mp4" | "hls">;

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

/**
 * A muted, looping, inline background video that plays only while it is on
 * screen and the visitor has not asked for reduced motion. Its source is
 * attached the first time it is seen once the page is idle, so off-screen
 * videos cost nothing and on-screen ones wait for the page itself.
 */
export function startBackgroundVideo(video: HTMLVideoElement, sources: Streams): Detach {
  video.muted = true;
  video.defaultMuted = true;
  video.loop = true;
  video.playsInline = true;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let onScreen = false;
  let stopped = false;
  let attached: Promise<Detach> | undefined;

  const update = () => {
    if (stopped) return;
    if (!onScreen || reducedMotion.matches) {
      video.pause();
      return;
    }
    attached ??= attachSource(video, sources);
    attached.then(() => {
      if (!stopped && onScreen && !reducedMotion.matches) play(video);
    }, console.error);
  };

  const observer = new IntersectionObserver((entries) => {
    onScreen = entries.some((entry) => entry.isIntersecting);
    update();
  });
  const cancelIdle = whenIdle(() => {
    observer.observe(video);
    reducedMotion.addEventListener("change", update);
  });

  return () => {
    stopped = true;
    cancelIdle();
    observer.disconnect();
    reducedMotion.removeEventListener("change", update);
    video.pause();
    attached?.then(
      (detach) => detach(),
      () => undefined,
    );
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
