import type { Page } from "./test";
import { ask, BUNDLED_DATASET } from "../../support/dataset";

/** What the media tests need to know about a dataset, read from it (never hard-coded). */
type Item = {
  _type: "mainImage" | "mainVideo";
  isVideoPlayer?: boolean | null;
  playbackId?: string | null;
  alt?: string | null;
};
type Doc = {
  _type: string;
  slug?: string | null;
  title: string;
  noindex: boolean;
  hero?: Item[] | null;
  thumbnail?: Item[] | null;
  modules?:
    | {
        _type: string;
        inverted?: boolean | null;
        size?: string | null;
        heading: boolean;
        caption: boolean;
        /** A text module's blocks: their styles, list kinds and link kinds. */
        text?: string[] | null;
        media?: Item[] | null;
        items?: Item[] | null;
      }[]
    | null;
};

const ITEM = `{ _type, isVideoPlayer, "playbackId": video.asset->playbackId, "alt": image.alt }`;
const QUERY = `*[_type in ["homepage", "workPage", "culturePage", "legalPage", "project"]]{
  _type,
  "slug": slug.current,
  title,
  "noindex": hidden == true || seo.notIndexed == true,
  "hero": hero[]${ITEM},
  "thumbnail": thumbnail[]${ITEM},
  "modules": modules[]{
    _type, inverted, size, "heading": defined(heading), "caption": defined(caption),
    "text": array::compact(array::unique(body[].style + body[].listItem + body[].markDefs[]._type)),
    "media": media[]${ITEM}, "items": items[]${ITEM}
  }
}`;

export type MediaRoute = {
  path: string;
  type: string;
  title: string;
  /** Hidden or not indexed: the page asks search engines to stay away. */
  noindex: boolean;
  hasHero: boolean;
  /** Videos a visitor meets on the page itself (hero and media modules). */
  videos: Item[];
  /** Gallery modules, with their items. */
  galleries: Item[][];
  /** Any video at all on the page, galleries and project thumbnails included. */
  anyVideo: boolean;
  /**
   * The kinds of content the page is made of: its hero's media, each module's type with its
   * variants (inverted colours, a heading, a caption, a media module's size), each video's kind.
   */
  kinds: string[];
};

const PATHS: Record<string, string> = {
  homepage: "/",
  workPage: "/work",
  culturePage: "/culture",
  legalPage: "/legal",
};

export async function mediaRoutes(dir = BUNDLED_DATASET): Promise<MediaRoute[]> {
  const docs = await ask<Doc[]>(dir, QUERY);
  const projects = docs.filter((doc) => doc._type === "project" && doc.slug);
  const thumbnailVideos = projects.some((doc) =>
    (doc.thumbnail ?? []).some((item) => item._type === "mainVideo"),
  );
  return docs
    .filter((doc) => PATHS[doc._type] || (doc._type === "project" && doc.slug))
    .map((doc) => {
      const modules = doc.modules ?? [];
      const videos = [
        ...(doc.hero ?? []),
        ...modules.flatMap((module) => module.media ?? []),
      ].filter((item) => item._type === "mainVideo" && item.playbackId);
      const galleries = modules
        .filter((module) => module._type === "galleryModule")
        .map((module) => module.items ?? []);
      const listed = modules.some((module) => module._type === "projectsModule");
      const kinds = [
        ...(doc.hero ?? []).map((item) => `hero ${item._type}`),
        ...modules.flatMap((module) => [
          module._type,
          ...(module.inverted ? [`${module._type} inverted`] : []),
          ...(module.heading ? [`${module._type} with a heading`] : []),
          ...(module.caption ? [`${module._type} with a caption`] : []),
          ...(module.size ? [`${module._type} ${module.size}`] : []),
          ...(module.text ?? []).map((kind) => `text ${kind}`),
          ...[...(module.media ?? []), ...(module.items ?? [])].map(
            (item) => `${module._type} ${item.isVideoPlayer ? "video player" : item._type}`,
          ),
        ]),
      ];
      return {
        path: PATHS[doc._type] ?? `/work/${doc.slug}`,
        type: doc._type,
        title: doc.title,
        noindex: doc.noindex,
        hasHero: Boolean(doc.hero?.length),
        videos,
        galleries,
        anyVideo:
          videos.length > 0 ||
          galleries.some((items) => items.some((item) => item._type === "mainVideo")) ||
          ((doc._type === "workPage" || listed) && thumbnailVideos),
        kinds: [...new Set(kinds)],
      };
    });
}

/**
 * Every page that is not a project, and as few projects as show every kind of content the
 * projects have between them (`MediaRoute.kinds`): projects share one template, so a check of
 * what the content makes of it (axe, the Content-Security-Policy) needs each kind once, not
 * each project (docs/testing.md). Picked greedily, the project with the most kinds not yet
 * shown first; in the dataset's order.
 */
export function coveringRoutes(routes: MediaRoute[]): MediaRoute[] {
  const projects = routes.filter((route) => route.type === "project");
  const left = new Set(projects.flatMap((route) => route.kinds));
  const chosen = new Set<MediaRoute>();
  while (left.size) {
    const news = (route: MediaRoute) => route.kinds.filter((kind) => left.has(kind)).length;
    const best = projects.reduce((a, b) => (news(b) > news(a) ? b : a));
    chosen.add(best);
    for (const kind of best.kinds) left.delete(kind);
  }
  if (!chosen.size && projects[0]) chosen.add(projects[0]);
  return routes.filter((route) => route.type !== "project" || chosen.has(route));
}

/**
 * Scrolls to the bottom in steps (so lazy media loads) and back to the top. Bounded: a frame
 * that never comes (a stalled compositor on a loaded CI machine) or a zero-height window
 * fails the test with this step's name instead of hanging it until the test's own timeout.
 */
export async function scrollThrough(page: Page) {
  const scrolled = page.evaluate(async () => {
    // Two frames per step, so lazy loading and IntersectionObservers see each position;
    // a quarter second at most, so a missing frame slows the walk and never stops it.
    const pause = () =>
      Promise.race([
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        new Promise((resolve) => setTimeout(resolve, 250)),
      ]);
    const step = Math.max(window.innerHeight / 2, 200);
    for (let y = 0, n = 0; y < document.documentElement.scrollHeight && n < 200; y += step, n++) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await pause();
    window.scrollTo(0, 0);
  });
  // Once this has failed, the walk's own end (the page closing under it) is nobody's error.
  scrolled.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`scrollThrough: ${page.url()} did not scroll through in 30 s`)),
      30_000,
    );
  });
  try {
    await Promise.race([scrolled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sums layout shifts not caused by input, from the first paint on (install before goto). */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { __cls: number; __shifts: string[] };
    state.__cls = 0;
    state.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        state.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node?.nodeName ? `${node.nodeName}.${node.className ?? ""}` : "?";
        });
        state.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(" ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () =>
    page.evaluate(() => {
      const state = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: state.__cls, shifts: state.__shifts };
    });
}
