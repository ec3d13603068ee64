import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import sharp from "sharp";
import { afterFrames, browserSuite, watchConsole } from "./support/browser";
import { mediaRoutes, type MediaRoute } from "./support/media";

// Videos and galleries of the bundled dataset, in Chromium.
const routes: MediaRoute[] = await mediaRoutes();

test.describe("videos and galleries in Chromium", () => {
  const suite = browserSuite();

  /** Requests the page makes from now on, by URL. */
  function recordRequests(page: Page) {
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    return urls;
  }

  function findRoute(test: (route: MediaRoute) => boolean, what: string) {
    const route = routes.find(test);
    if (!route) throw new Error(`The dataset has no page with ${what}: this test needs one`);
    return route;
  }

  test("plays a background video muted, looping and inline once it is on screen", async () => {
    const route = findRoute(
      (candidate) => candidate.videos.some((video) => !video.isVideoPlayer),
      "a background video",
    );
    const video = route.videos.find((candidate) => !candidate.isVideoPlayer)!;
    // Landscape: on portrait screens an art-directed one waits for its button
    // (tests/e2e/background-video.test.ts).
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchConsole(page);
    await page.goto(suite.baseUrl + route.path);
    const selector = `[data-video="background"]:has(img[src*="${video.playbackId}"]) video`;
    const element = page.locator(selector).first();
    await element.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          page.evaluate((css) => {
            const v = document.querySelector<HTMLVideoElement>(css);
            return v !== null && !v.paused && v.currentTime > 0;
          }, selector),
        { message: "the background video plays once on screen", timeout: 15_000 },
      )
      .toBe(true);
    const state = await element.evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      loop: v.loop,
      inline: v.playsInline,
      controls: v.controls,
      src: v.currentSrc,
    }));
    expect(state).toMatchObject({ muted: true, loop: true, inline: true, controls: false });
    expect(state.src).toContain(`/media/videos/${video.playbackId}.mp4`);

    // Off screen it pauses.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(
        () =>
          page.evaluate((css) => document.querySelector<HTMLVideoElement>(css)?.paused, selector),
        { message: "the background video pauses off screen" },
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("keeps a background video still for visitors who ask for reduced motion", async () => {
    const route = findRoute(
      (candidate) => candidate.videos.some((video) => !video.isVideoPlayer),
      "a background video",
    );
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.emulateMedia({ reducedMotion: "reduce" });
    const requests = recordRequests(page);
    await page.goto(suite.baseUrl + route.path);
    await page.locator(`[data-video="background"] video`).first().scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle", { timeout: 20_000 });
    // Frames after it came into view: the observer that would start it has run.
    await afterFrames(page, 3);
    const paused = await page
      .locator(`[data-video="background"] video`)
      .evaluateAll((videos) => (videos as HTMLVideoElement[]).every((v) => v.paused));
    expect(paused).toBe(true);
    expect(requests.filter((url) => url.endsWith(".mp4"))).toEqual([]);
    // The poster still shows: a responsive image, loaded, under a video with nothing to paint.
    const poster = await page
      .locator(`[data-video="background"] img`)
      .first()
      .evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        loaded: img.complete && img.naturalWidth > 0,
        visible: img.getBoundingClientRect().height > 0,
      }));
    expect(poster).toMatchObject({ loaded: true, visible: true });
    // Cut to the box on a phone where the slot is art-directed (the home hero's 4:5).
    expect(poster.src).toMatch(/\/media\/videos\/\w+\/\d+(x\d+)?\.webp$/);
    await page.close();
  });

  test("shows a player's poster and play button, and loads the player only after a click", async () => {
    const route = findRoute(
      (candidate) => candidate.videos.some((video) => video.isVideoPlayer),
      "a video player",
    );
    const video = route.videos.find((candidate) => candidate.isVideoPlayer)!;
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchConsole(page);
    const requests = recordRequests(page);
    await page.goto(suite.baseUrl + route.path);
    // A background video of the same playback id (a gallery slide) may sit on screen next to
    // the player and rightly load it: out of the way, only the player's own requests count.
    await page.addStyleTag({ content: '[data-video="background"] { display: none !important; }' });
    const player = page.locator(`[data-video="player"]`).first();
    await player.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle", { timeout: 20_000 });

    // Before: a poster and a button, no <video>, no video bytes.
    await expect(player.locator("video").count()).resolves.toBe(0);
    const button = player.getByRole("button", { name: "Play video" });
    await expect(button.isVisible()).resolves.toBe(true);
    // The poster is a responsive image too: the suite.browser picked a width from its srcset.
    const poster = await player
      .locator("img")
      .evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, sizes: img.sizes }));
    expect(poster.src).toMatch(new RegExp(`/media/videos/${video.playbackId}/\\d+\\.webp$`));
    expect(poster.sizes).not.toBe("");
    const box = await player.boundingBox();
    expect(box!.height).toBeGreaterThan(0);
    expect(requests.filter((url) => url.includes(`/media/videos/${video.playbackId}.mp4`))).toEqual(
      [],
    );

    await button.click();
    const element = player.locator("video");
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const v = document.querySelector<HTMLVideoElement>('[data-video="player"] video');
            return v !== null && !v.paused && v.currentTime > 0;
          }),
        { message: "the player plays after its button is clicked", timeout: 15_000 },
      )
      .toBe(true);
    const state = await element.evaluate((v: HTMLVideoElement) => ({
      controls: v.controls,
      muted: v.muted,
      src: v.currentSrc,
      focused: document.activeElement === v,
    }));
    expect(state).toEqual({
      controls: true,
      muted: false,
      src: `${suite.baseUrl}/media/videos/${video.playbackId}.mp4`,
      focused: true,
    });
    // The box was reserved: the player did not change its size.
    const after = await player.boundingBox();
    expect(Math.abs(after!.height - box!.height)).toBeLessThan(1);
    // Local mp4 files need no streaming library.
    expect(requests.filter((url) => /\/assets\/hls/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("serves a local poster as stored or in WebP at the site's widths, static files both, and nothing else", async () => {
    const route = findRoute((candidate) => candidate.videos.length > 0, "a video");
    const id = route.videos[0]!.playbackId;
    const get = async (url: string, type: string) => {
      const response = await fetch(suite.baseUrl + url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Content-Type"), url).toBe(type);
      return Buffer.from(await response.arrayBuffer());
    };
    const full = await get(`/media/videos/${id}.jpg`, "image/jpeg");
    // A static file reads no query: the same bytes, never a transform.
    const asked = await get(`/media/videos/${id}.jpg?w=8192&h=8191&fit=fill`, "image/jpeg");
    expect(asked.equals(full)).toBe(true);
    const smallWebp = await get(`/media/videos/${id}/320.webp`, "image/webp");
    expect(smallWebp.byteLength).toBeGreaterThan(0);
    expect(smallWebp.byteLength).toBeLessThan(full.byteLength);
    // Cut to the box a card shows it in (4:3), as Mux's fit_mode=crop would.
    const cropped = await get(`/media/videos/${id}/320x240.webp`, "image/webp");
    const size = await sharp(cropped).metadata();
    expect([size.format, size.width, size.height]).toEqual(["webp", 320, 240]);
    // Any other size or ratio, and the old transform URLs, are no file.
    for (const url of [
      `${id}/321.webp`,
      `${id}/320x241.webp`,
      `${id}.webp?w=320`,
      `${id}.webp?w=320&h=240&fit=crop`,
      `${id}.gif`,
    ]) {
      expect((await fetch(`${suite.baseUrl}/media/videos/${url}`)).status, url).toBe(404);
    }
  });

  // A page without video loads no video code: media.test.ts, on every route.

  test("works the gallery with the keyboard alone: slides, lightbox, focus trap, Escape", async () => {
    const route = findRoute(
      (candidate) => candidate.galleries.some((items) => items.length > 1),
      "a gallery of two or more items",
    );
    const items = route.galleries.find((list) => list.length > 1)!;
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchConsole(page);
    await page.goto(suite.baseUrl + route.path);
    await page.waitForLoadState("networkidle", { timeout: 20_000 });

    const gallery = page.locator(".gallery").first();
    const slides = gallery.locator(".gallery__open");
    await expect(slides.count()).resolves.toBe(items.length);
    const focusedSlide = () =>
      page.evaluate(() =>
        Array.from(
          document.querySelectorAll(".gallery")[0]!.querySelectorAll(".gallery__open"),
        ).indexOf(document.activeElement as Element),
      );

    // Tab from the top of the page until the first slide has focus.
    let tabs = 0;
    while ((await focusedSlide()) !== 0) {
      await page.keyboard.press("Tab");
      if (++tabs > 200) throw new Error("Tab never reached the gallery's first slide");
    }
    // The arrow keys move between slides, and the focused slide scrolls into view.
    const last = items.length - 1;
    for (let index = 1; index <= last; index++) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(focusedSlide).toBe(index);
    }
    await expect
      .poll(() =>
        slides.nth(last).evaluate((slide) => {
          const box = slide.getBoundingClientRect();
          const track = slide.closest(".gallery__track")!.getBoundingClientRect();
          return box.left >= track.left - 1 && box.right <= track.right + 1;
        }),
      )
      .toBe(true);
    await page.keyboard.press("Home");
    await expect.poll(focusedSlide).toBe(0);

    // Enter opens the lightbox on that slide, focus inside.
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.lightbox[open]");
    await expect(dialog, "Enter opens the lightbox").toBeVisible();
    await expect(dialog.locator(".lightbox__count").textContent()).resolves.toBe(
      `1 / ${items.length}`,
    );
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest("dialog.lightbox[open]")));
    await expect.poll(focusInDialog).toBe(true);
    const first = items[0]!;
    if (first._type === "mainImage" && first.alt) {
      await expect(dialog.locator("img").first().getAttribute("alt")).resolves.toBe(first.alt);
    }

    // Arrow keys page through, wrapping round.
    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator(".lightbox__count").textContent()).resolves.toBe(
      `2 / ${items.length}`,
    );
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.locator(".lightbox__count").textContent()).resolves.toBe(
      `${items.length} / ${items.length}`,
    );

    // Tab and Shift+Tab never leave the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await focusInDialog(), `after Tab ${i + 1}`).toBe(true);
    }

    // Escape closes it and puts focus back on the slide last shown.
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog.lightbox[open]").count()).resolves.toBe(0);
    await expect.poll(focusedSlide).toBe(last);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("scrolls the gallery row with its arrow buttons and a mouse drag", async () => {
    const route = findRoute(
      (candidate) => candidate.galleries.some((items) => items.length > 3),
      "a gallery wider than the screen",
    );
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(suite.baseUrl + route.path);
    const track = page.locator(".gallery__track").first();
    await track.scrollIntoViewIfNeeded();
    const scrollLeft = () => track.evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(0);

    await page
      .locator(".gallery")
      .first()
      .getByRole("button", { name: "Scroll gallery forward" })
      .click();
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    await page
      .locator(".gallery")
      .first()
      .getByRole("button", { name: "Scroll gallery back" })
      .click();
    await expect.poll(scrollLeft).toBe(0);

    // Dragging with a mouse scrolls, and the drag does not open the lightbox.
    // Its code loads after hydration and marks the row when it is ready (the grab cursor).
    await expect(
      page.locator(".gallery__track[data-draggable]").first(),
      "the row's drag code has loaded",
    ).toBeVisible();
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    // It settles with the nearest slide at the row's start (here the second), not back at the first.
    const offsetFromSlideStart = () =>
      track.evaluate((element) => {
        const padding = parseFloat(getComputedStyle(element).scrollPaddingInlineStart) || 0;
        const origin = element.getBoundingClientRect().left + padding;
        return Math.min(
          ...Array.from(element.children).map((slide) =>
            Math.abs(slide.getBoundingClientRect().left - origin),
          ),
        );
      });
    await expect.poll(scrollLeft, { timeout: 5_000 }).toBeGreaterThan(100);
    await expect.poll(offsetFromSlideStart, { timeout: 5_000 }).toBeLessThan(1);
    expect(await scrollLeft()).toBeGreaterThan(100);
    await expect(page.locator("dialog.lightbox[open]").count()).resolves.toBe(0);
    await page.close();
  });
});
