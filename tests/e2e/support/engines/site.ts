import { expect } from "../test";
import { expectCondition, mark } from "./checks";
import type { EnginePage } from "./types";

// What engines.test.ts checks of the menu and of a gallery, in the page's own JavaScript.

/**
 * Opens the menu by its button and, once its slide has ended, expects every link inside the
 * viewport, the panel and its own clipped row, and the topmost element at its centre; and no row
 * scrolled away from its link in any frame of the slide (issue 47: focus entering the sliding
 * panel scrolled Work's row in WebKit, by 2 px in Firefox).
 */
export async function openMenuWithEveryLinkInPlace(page: EnginePage) {
  await page.evaluate(() => {
    const w = window as unknown as { __rows: Record<string, number>; __watchRows: boolean };
    w.__rows = {};
    w.__watchRows = true;
    const sample = () => {
      for (const row of document.querySelectorAll<HTMLElement>(".mobile-menu__nav li")) {
        const by = Math.max(Math.abs(row.scrollTop), Math.abs(row.scrollLeft));
        if (by > 0) w.__rows[row.textContent!] = Math.max(w.__rows[row.textContent!] ?? 0, by);
      }
      if (w.__watchRows) requestAnimationFrame(sample);
    };
    sample();
  });
  await page.click(".menu-button");
  await expectCondition(
    page,
    "the menu opens and its slide ends",
    () =>
      document.querySelector(".menu-button")?.getAttribute("aria-expanded") === "true" &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    null,
  );
  const wrong = await page.evaluate(() => {
    const panel = document.querySelector(".mobile-menu")!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLAnchorElement>(".mobile-menu__nav a")].flatMap(
      (link) => {
        const box = link.getBoundingClientRect();
        const row = link.parentElement!.getBoundingClientRect();
        const inside = (outer: { top: number; bottom: number; left: number; right: number }) =>
          box.top >= outer.top - 1 &&
          box.bottom <= outer.bottom + 1 &&
          box.left >= outer.left - 1 &&
          box.right <= outer.right + 1;
        const name = link.textContent;
        const faults = [];
        if (!inside({ top: 0, left: 0, bottom: innerHeight, right: innerWidth }))
          faults.push(`${name}: outside the viewport`);
        if (!inside(panel)) faults.push(`${name}: outside the panel`);
        if (!inside(row)) faults.push(`${name}: ${Math.round(row.top - box.top)} px off its row`);
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !link.contains(hit))
          faults.push(`${name}: its centre hits ${hit?.className || hit?.tagName}`);
        return faults;
      },
    );
  });
  const scrolled = await page.evaluate(() => {
    const w = window as unknown as { __rows: Record<string, number>; __watchRows: boolean };
    w.__watchRows = false;
    return Object.entries(w.__rows).map(
      ([name, by]) => `${name}: its row scrolled up to ${Math.round(by)} px during the slide`,
    );
  });
  expect([...scrolled, ...wrong], "every menu link visible at its place").toEqual([]);
}

/**
 * A gallery's arrows scroll its row (where a row scrolls at this width: `scrolls`), and a slide
 * opens the lightbox, which ArrowRight moves and Escape closes, giving focus back to a slide.
 */
export async function expectGallery(page: EnginePage, path: string, scrolls: boolean) {
  if (scrolls) await expectArrowsScroll(page, path);
  const gallery = scrolls ? ".gallery[data-scrolls]" : ".gallery";
  const slide = await mark(
    page,
    `${path}: a slide in view`,
    (css) => {
      const track = document.querySelector(`${css} .gallery__track`)!.getBoundingClientRect();
      const open = [...document.querySelectorAll(`${css} .gallery__open`)].find((button) => {
        const box = button.getBoundingClientRect();
        const centre = box.left + box.width / 2;
        return centre >= track.left && centre <= track.right;
      });
      open?.setAttribute("data-engine-target", "");
      return Boolean(open);
    },
    gallery,
  );
  await page.click(slide);
  const count = () =>
    document.querySelector("dialog.lightbox[open] .lightbox__count")?.textContent ?? null;
  await expectCondition(
    page,
    `${path}: the lightbox opens with focus inside`,
    () =>
      document.querySelector("dialog.lightbox")?.hasAttribute("open") === true &&
      document.querySelector("dialog.lightbox")!.contains(document.activeElement),
    null,
  );
  const first = await page.evaluate(count);
  await page.press("ArrowRight");
  await expectCondition(
    page,
    `${path}: ArrowRight moves to the next slide`,
    (was) => document.querySelector("dialog.lightbox[open] .lightbox__count")?.textContent !== was,
    first,
  );
  await page.press("Escape");
  await expectCondition(
    page,
    `${path}: Escape closes it and focus returns to a slide`,
    () =>
      !document.querySelector("dialog.lightbox[open]") &&
      document.activeElement?.classList.contains("gallery__open") === true,
    null,
  );
}

async function expectArrowsScroll(page: EnginePage, path: string) {
  const forward = await mark(
    page,
    `${path}: a gallery that scrolls`,
    () => {
      const gallery = document.querySelector(".gallery[data-scrolls]");
      gallery?.scrollIntoView({ block: "center", behavior: "instant" });
      gallery?.querySelectorAll(".gallery__arrow")[1]?.setAttribute("data-engine-target", "");
      return Boolean(gallery);
    },
    null,
  );
  await page.click(forward);
  await expectCondition(
    page,
    `${path}: the forward arrow scrolls the row, which comes to rest`,
    () => {
      // At rest: the same position five frames running (a smooth scroll and its snap ended).
      const w = window as unknown as { __rest?: { x: number; frames: number } };
      const x = document
        .querySelector<HTMLElement>("[data-engine-target]")!
        .closest(".gallery")!
        .querySelector(".gallery__track")!.scrollLeft;
      w.__rest = { x, frames: w.__rest?.x === x ? w.__rest.frames + 1 : 0 };
      return x > 0 && w.__rest.frames >= 5;
    },
    null,
  );
}
