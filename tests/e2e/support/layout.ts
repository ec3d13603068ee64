import { expect, type Browser, type Page } from "./test";
import { ask } from "../../support/dataset";
import { waitForSettledPage } from "./shell";

/** What the layout tests need to know about a dataset, read from it (never hard-coded). */
export type LayoutFacts = {
  legalTitle: string;
  routes: {
    path: string;
    /** Gallery modules on the page. */
    galleries: number;
    /** Half-width media modules on the page. */
    halves: number;
  }[];
  /** Visible projects in the Work list's order (curated, or all, newest first). */
  workCount: number;
};

const QUERY = `{
  "legalTitle": *[_id == "legalPage"][0].title,
  "pages": *[_type in ["homepage", "workPage", "culturePage", "legalPage", "project"]
    && !(_id in path("drafts.**"))]{
    _type,
    "slug": slug.current,
    "galleries": count(modules[_type == "galleryModule"]),
    "halves": count(modules[_type == "mediaModule" && size == "half"])
  },
  "curated": count(*[_id == "workPage"][0].projects[@->hidden != true]),
  "visible": count(*[_type == "project" && hidden != true && defined(slug.current)
    && !(_id in path("drafts.**"))])
}`;

const PATHS: Record<string, string> = {
  homepage: "/",
  workPage: "/work",
  culturePage: "/culture",
  legalPage: "/legal",
};

export async function layoutFacts(dir: string): Promise<LayoutFacts> {
  const raw = await ask<{
    legalTitle: string;
    pages: { _type: string; slug: string | null; galleries: number | null; halves: number }[];
    curated: number | null;
    visible: number;
  }>(dir, QUERY);
  const routes = raw.pages
    .filter((page) => PATHS[page._type] || (page._type === "project" && page.slug))
    .map((page) => ({
      path: PATHS[page._type] ?? `/work/${encodeURIComponent(page.slug!)}`,
      galleries: page.galleries ?? 0,
      halves: page.halves ?? 0,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return { legalTitle: raw.legalTitle, routes, workCount: raw.curated || raw.visible };
}

/** A page at a viewport size, hydrated, settled and with its fonts in. */
export async function openAt(browser: Browser, url: string, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const response = await page.goto(url);
  // Bounded below the test's own timeout, so a page that never hydrates fails by name.
  await expect(page.locator("html"), `${url} hydrates`).toHaveAttribute("data-hydrated", "true", {
    timeout: 30_000,
  });
  if (response?.ok()) await waitForSettledPage(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return { context, page, response };
}

/** Boxes of every image and video of the page's main content that is nearly as wide as the window. */
export function wideMedia(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>("main :is(img.media-image, .video)"))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute("alt") || element.className;
        return { name, width: box.width, height: box.height };
      })
      .filter((box) => box.width >= width * 0.85);
  });
}

/**
 * Characters per line of the legal text: every line of every paragraph and
 * list item except each one's last (which may be short), measured from where
 * the browser broke the lines.
 */
export function legalLineLengths(page: Page) {
  return page.evaluate(() => {
    const lengths: number[] = [];
    for (const block of document.querySelectorAll(".legal-body :is(p, li)")) {
      const lines = new Map<number, number>();
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
        // A nested list's text belongs to its own item; text for screen readers only is not on a line.
        acceptNode: (node) =>
          node.parentElement?.closest("li, p") === block &&
          !node.parentElement.closest(".visually-hidden")
            ? NodeFilter.FILTER_ACCEPT
            : NodeFilter.FILTER_REJECT,
      });
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          if (!rect.height) continue;
          const top = Math.round(rect.top / 4) * 4;
          lines.set(top, (lines.get(top) ?? 0) + 1);
        }
      }
      const counts = [...lines.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
      lengths.push(...counts.slice(0, -1));
    }
    return lengths;
  });
}

/**
 * Every half-width media module of the page (narrower than 60 % of the
 * content), and whether anything (a picture, a video, text) sits beside it on
 * the same band of the page.
 */
export function halfModules(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main")!;
    const content = main.getBoundingClientRect().width;
    const figures = Array.from(main.querySelectorAll<HTMLElement>(".module--mediaModule figure"));
    const others = Array.from(
      main.querySelectorAll<HTMLElement>(
        ".modules :is(img, .video, figcaption, p, li, h2, h3, blockquote)",
      ),
    );
    return figures
      .map((figure) => {
        const media = figure.querySelector<HTMLElement>("img, .video")!;
        return { figure, box: media.getBoundingClientRect() };
      })
      .filter(({ box }) => box.width > 0 && box.width < content * 0.6)
      .map(({ figure, box }) => {
        const beside = others.filter((other) => {
          if (figure.contains(other) && other.tagName !== "FIGCAPTION") return false;
          const rect = other.getBoundingClientRect();
          if (!rect.width || !rect.height) return false;
          const side = rect.left >= box.right - 1 || rect.right <= box.left + 1;
          const overlap = Math.min(rect.bottom, box.bottom) - Math.max(rect.top, box.top);
          return side && overlap > 0;
        });
        return {
          caption: figure.querySelector("figcaption")?.textContent ?? "",
          width: Math.round(box.width),
          beside: beside.length,
        };
      });
  });
}

/** WCAG contrast of two sRGB colours given as [r, g, b] 0–255. */
export function contrast(a: number[], b: number[]) {
  const luminance = ([r, g, bl]: number[]) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(bl!);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/**
 * The colour an element's text or border shows with over the page, its own
 * and its ancestors' opacity applied, next to the page's background.
 */
export function paintedAgainstPage(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= parseFloat(getComputedStyle(node).opacity);
      }
      const style = getComputedStyle(element);
      const colour =
        rgb(style.backgroundColor).length && style.backgroundColor !== "rgba(0, 0, 0, 0)"
          ? rgb(style.backgroundColor)
          : rgb(style.color);
      const page = rgb(getComputedStyle(document.body).backgroundColor);
      return {
        shown: colour.map((value, i) => value * opacity + page[i]! * (1 - opacity)),
        page,
      };
    });
}

/**
 * The media of a loaded page as laid out at its width: none of the wide ones taller than the
 * window, a gallery's arrows only on a row that scrolls, and on a wide screen nothing half-width
 * beside an empty half.
 */
export async function expectMediaLaidOut(page: Page, galleries: number) {
  const { width, height } = page.viewportSize()!;
  for (const box of await wideMedia(page)) {
    expect(box.height, `${box.name} at ${width} px`).toBeLessThanOrEqual(height + 1);
  }
  const shown = page.locator(".gallery");
  const count = await shown.count();
  if (galleries) expect(count, "the page shows its galleries").toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const gallery = shown.nth(i);
    const scrolls = await gallery
      .locator(".gallery__track")
      .evaluate((track) => track.scrollWidth > track.clientWidth + 1);
    const arrows = gallery.getByRole("button", { name: /^Scroll gallery/ });
    const visible = [await arrows.nth(0).isVisible(), await arrows.nth(1).isVisible()];
    expect(visible, `gallery ${i + 1} at ${width} px: arrows shown`).toEqual([scrolls, scrolls]);
  }
  if (width >= 1024) {
    for (const half of await halfModules(page)) {
      expect(half.beside, `"${half.caption}" (${half.width} px wide)`).toBeGreaterThan(0);
    }
  }
}
