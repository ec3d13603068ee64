import { DATASETS } from "./support/datasets";
import {
  expectClientNavigation,
  expectCondition,
  expectNoFaults,
  load,
  mark,
  settled,
  watchNavigation,
} from "./support/engines/checks";
import { expect, test } from "./support/engines/test";
import type { EnginePage } from "./support/engines/types";
import { expectGallery, openMenuWithEveryLinkInPlace } from "./support/engines/site";
import { coveringRoutes, mediaRoutes, type MediaRoute } from "./support/media";

// The site in Firefox and WebKit (projects `firefox` and `webkit`), as a visitor meets it: every
// route, navigation, the menu, dark mode, media, the 404 screen (issue 47; docs/testing.md,
// "Firefox and WebKit"). Chromium's own files check each in depth; these check the engines agree.

// Each test opens its own window: the tests spread over the workers (one browser each) rather
// than running one after another in the last worker to reach this file.
test.describe.configure({ mode: "parallel" });

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

for (const dataset of DATASETS) {
  for (const { width, height } of SIZES) {
    test.describe(`${dataset.label} at ${width} px`, () => {
      let routes: MediaRoute[] = [];
      let page: EnginePage;
      test.beforeAll(async () => {
        routes = await mediaRoutes(dataset.dir);
      });
      test.beforeEach(async ({ engine }) => {
        page = await engine.open(width, height);
      });
      test.afterEach(async () => {
        await page.close();
      });
      const url = (path: string) => dataset.url() + path;

      test("every route loads without a fault, with its title and one h1", async () => {
        // Every page, and the projects that show every kind of content between them: projects
        // share one template (docs/testing.md, "Every kind of content, not every project").
        for (const route of coveringRoutes(routes)) {
          await load(page, url(route.path));
          const identity = await page.evaluate(() => ({
            h1s: document.querySelectorAll("h1").length,
            title: document.title,
          }));
          expect(identity.h1s, `${route.path}: one h1`).toBe(1);
          expect(identity.title, `${route.path}: its title`).toContain(route.title);
        }
      });

      test("client navigation fades, focuses the new h1, and Back restores the scroll", async () => {
        const work = "/work";
        if (width < 768) {
          // The header's links are in the menu at a phone's width: its first, Work.
          await load(page, url("/legal"));
          await watchNavigation(page);
          await openMenuWithEveryLinkInPlace(page);
          await page.click(".mobile-menu__nav li:first-child a");
          await expectClientNavigation(page, work, "the menu's Work link");
          await expectCondition(
            page,
            "the menu closes on navigation",
            () => document.querySelector(".menu-button")?.getAttribute("aria-expanded") === "false",
            null,
          );
        } else {
          await load(page, url("/legal"));
          await watchNavigation(page);
          await page.click('.site-nav a[href="/work"]');
          await expectClientNavigation(page, work, "the header's Work link");
        }
        // The last project card, scrolled to: Back must come back to it.
        const card = await mark(
          page,
          "the last project card",
          () => {
            const cards = document.querySelectorAll(".project-card");
            const last = cards[cards.length - 1];
            last?.scrollIntoView({ block: "center", behavior: "instant" });
            last?.setAttribute("data-engine-target", "");
            return Boolean(last);
          },
          null,
        );
        const scrolled = await page.evaluate(() => Math.round(window.scrollY));
        const to = await page.evaluate(
          () =>
            new URL((document.querySelector("[data-engine-target]") as HTMLAnchorElement).href)
              .pathname,
        );
        await watchNavigation(page);
        await page.click(card);
        await expectClientNavigation(page, to, "a project card");
        await watchNavigation(page);
        await page.evaluate(() => history.back());
        await expectCondition(page, "Back returns to Work", (p) => location.pathname === p, work);
        await settled(page, "Back");
        await expectCondition(
          page,
          `Back restores the scroll position (${scrolled} px)`,
          (y) => Math.abs(window.scrollY - y) <= 2,
          scrolled,
        );
        expect(
          await page.evaluate(
            () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
          ),
          "Back loads no document",
        ).toBe(true);
        await expectNoFaults(page, "navigation");
      });

      test("the platform has what the site uses, dark mode toggles, /nope answers 404", async () => {
        await load(page, url("/legal"));
        // What the site takes from the platform without a fallback (issue 47, "Safari habits").
        const missing = await page.evaluate(() =>
          Object.entries({
            "100svh": CSS.supports("height: 100svh"),
            "100dvh": CSS.supports("height: 100dvh"),
            inert: "inert" in HTMLElement.prototype,
            "scroll-padding under the header":
              parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) > 0,
            "<dialog> showModal": typeof HTMLDialogElement.prototype.showModal === "function",
            ":focus-visible": CSS.supports("selector(:focus-visible)"),
            "smooth scrolling": CSS.supports("scroll-behavior: smooth"),
            "focus({ preventScroll })": (() => {
              let asked = false;
              document.body.focus({
                get preventScroll() {
                  asked = true;
                  return true;
                },
              });
              return asked;
            })(),
            EventSource: typeof EventSource === "function",
          })
            .filter(([, supported]) => !supported)
            .map(([feature]) => feature),
        );
        expect(missing, "platform features the site relies on").toEqual([]);
        const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        await page.click(".dark-toggle");
        await expectCondition(
          page,
          "the switch is pressed and the page's colours change",
          (light) =>
            document.querySelector(".dark-toggle")?.getAttribute("aria-pressed") === "true" &&
            getComputedStyle(document.body).backgroundColor !== light,
          before,
        );
        await expectNoFaults(page, "dark mode");

        const response = await fetch(url("/nope"));
        await response.arrayBuffer();
        expect(response.status, "/nope answers 404").toBe(404);
        await page.goto(url("/nope"));
        await expectCondition(
          page,
          "the 404 screen says what was not found",
          () =>
            document.querySelector("h1.error-screen__message")?.textContent ===
              "Page not found: /nope" && document.documentElement.dataset.hydrated === "true",
          null,
        );
        await expectNoFaults(page, "/nope");
        await page.click(".error-screen__button");
        await expectCondition(
          page,
          "its button leads home",
          () =>
            location.pathname === "/" &&
            document.querySelector(".error-screen") === null &&
            document.documentElement.dataset.hydrated === "true",
          null,
          30_000,
        );
      });

      test("videos play, the gallery scrolls, the lightbox works by keyboard", async () => {
        const background = routes.find((route) =>
          route.videos.some((video) => !video.isVideoPlayer),
        );
        const player = routes.find((route) => route.videos.some((video) => video.isVideoPlayer));
        const galleries = routes.filter((route) =>
          route.galleries.some((items) => items.length > 1),
        );
        if (background) {
          await load(page, url(background.path));
          // A portrait screen waits for the visitor's press (docs/decisions/056-video-loading.md).
          if (width < height) await page.click(".video--background .video__toggle");
          await expectCondition(
            page,
            `${background.path}: a background video plays`,
            () =>
              [...document.querySelectorAll<HTMLVideoElement>(".video--background video")].some(
                (video) => !video.paused && video.currentTime > 0,
              ),
            null,
          );
        }
        if (player) {
          if (player !== background) await load(page, url(player.path));
          const start = await mark(
            page,
            "a player's start button",
            () => {
              const button = document.querySelector(".video--player .video__start");
              button?.scrollIntoView({ block: "center", behavior: "instant" });
              button?.setAttribute("data-engine-target", "");
              return Boolean(button);
            },
            null,
          );
          await page.click(start);
          await expectCondition(
            page,
            `${player.path}: the player starts on click`,
            () =>
              [...document.querySelectorAll<HTMLVideoElement>(".video--player video")].some(
                (video) => !video.paused && video.currentTime > 0,
              ),
            null,
          );
        }
        // The first gallery whose row scrolls at this width; else the last one, for its lightbox.
        let current = player ?? background;
        for (const [index, gallery] of galleries.entries()) {
          if (gallery !== current) await load(page, url(gallery.path));
          current = gallery;
          const scrolls = await page.evaluate(
            () => !!document.querySelector(".gallery[data-scrolls]"),
          );
          if (scrolls || index === galleries.length - 1) {
            await expectGallery(page, gallery.path, scrolls);
            break;
          }
        }
        await expectNoFaults(page, "media");
      });

      if (width < 768) {
        test("the menu opens with every link in place, closes on Escape, shows the music", async () => {
          await load(page, url("/"));
          for (let round = 0; round < 2; round++) {
            await openMenuWithEveryLinkInPlace(page);
            await expectCondition(
              page,
              "the music widget settles on a state",
              () =>
                document.querySelector(".mobile-menu .music-widget")?.getAttribute("aria-busy") ===
                "false",
              null,
            );
            await page.press("Escape");
            await expectCondition(
              page,
              "Escape closes the menu and gives focus back to its button",
              () => {
                const button = document.querySelector(".menu-button");
                return (
                  button?.getAttribute("aria-expanded") === "false" &&
                  document.activeElement === button &&
                  getComputedStyle(document.querySelector(".mobile-menu")!).visibility === "hidden"
                );
              },
              null,
            );
          }
          await expectNoFaults(page, "the menu opened and closed twice");
        });
      }
    });
  }
}
