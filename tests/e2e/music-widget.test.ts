import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { startFakeSpotify, type FakeAnswer, type FakeSpotify } from "../support/fake-spotify";
import { afterFrames, launchBrowser, watchConsole } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

// The production server, pointed at a local fake Spotify. A 1 s shared cache
// lets each test switch the fake's answer and see it on the next question.
const CACHE_SECONDS = 1;
const API = "/api/now-playing";

let fake: FakeSpotify;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let playlistUrl: string;

beforeAll(async () => {
  playlistUrl = await ask<string>(BUNDLED_DATASET, `*[_id == "general"][0].officePlaylistUrl`);
  fake = await startFakeSpotify();
  server = await startServer({ ...fake.env, SPOTIFY_CACHE_SECONDS: String(CACHE_SECONDS) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  fake.reset();
});

/** Set the fake's answer and let the server's shared answer run out. */
async function answer(next: FakeAnswer) {
  fake.setAnswer(next);
  await new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000 + 100));
}

type Opened = { page: Page; asked: () => number; errors: string[]; logs: string[] };

/** A page at the top of the (long) home page, counting the widget's requests. */
async function open(
  options: { width?: number; reducedMotion?: "reduce"; clock?: boolean } = {},
): Promise<Opened> {
  context = await browser.newContext({
    viewport: { width: options.width ?? 390, height: 700 },
    reducedMotion: options.reducedMotion ?? "no-preference",
  });
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  const errors = watchConsole(page);
  const logs: string[] = [];
  page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  let requests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === API) requests += 1;
  });
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  return { page, asked: () => requests, errors, logs };
}

const widget = (page: Page) => page.locator("footer .music-widget");
const status = (page: Page) => widget(page).locator(".music-widget__status");

/** Scrolls the footer's widget into view and waits for the answer it asks for. */
async function scrollToWidget(page: Page) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === API);
  await widget(page).scrollIntoViewIfNeeded();
  await answered;
  await expect.poll(() => widget(page).getAttribute("aria-busy")).toBe("false");
}

async function expectNewTabLink(page: Page, name: string, href: string) {
  const link = widget(page).getByRole("link", { name });
  expect(await link.textContent()).toBe(`${name} (opens in a new tab)`);
  expect(await link.getAttribute("href")).toBe(href);
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
  return link;
}

describe("the office music widget in Chromium", () => {
  it("fetches nothing while off screen, then asks once when scrolled into view", async () => {
    await answer("track");
    const { page, asked } = await open();
    const box = await widget(page).boundingBox();
    expect(box?.y, "the widget starts below the fold").toBeGreaterThan(700);
    await afterFrames(page);
    expect(asked()).toBe(0);
    expect(await widget(page).getAttribute("aria-busy")).toBe("true");
    expect(await widget(page).textContent()).toBe("Loading what the office is listening to");

    await scrollToWidget(page);
    expect(asked()).toBe(1);
    expect(await status(page).textContent()).toBe("Office playlist is playing");
  });

  it("fetches nothing while hidden with display:none, as in a closed menu", async () => {
    const { page, asked } = await open();
    await page.addStyleTag({ content: ".site-footer .music-widget { display: none; }" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await afterFrames(page);
    expect(asked()).toBe(0);

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === API);
    await page.addStyleTag({ content: ".site-footer .music-widget { display: flex; }" });
    await answered;
    expect(asked()).toBe(1);
  });

  it("fetches nothing while the mobile menu is closed, and asks when it opens", async () => {
    await answer("episode");
    const { page, asked } = await open();
    await afterFrames(page);
    expect(asked()).toBe(0);

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === API);
    await page.getByRole("button", { name: "Menu" }).click();
    await answered;
    expect(asked()).toBe(1);
    await expect
      .poll(() => page.locator(".mobile-menu .music-widget__status").textContent())
      .toBe("Office currently listens to a podcast");
  });

  it("shows a track: status, album art, artist, title and a new-tab 'Play on Spotify'", async () => {
    await answer("track");
    const { page, errors } = await open();
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Office playlist is playing");
    expect(await widget(page).locator(".music-widget__artist").textContent()).toBe(
      fake.track.artists.join(", "),
    );
    expect(await widget(page).locator(".music-widget__title").textContent()).toBe(fake.track.title);
    const art = widget(page).locator("img");
    expect(await art.getAttribute("src")).toBe(fake.track.imageUrl(300));
    expect(await art.getAttribute("alt")).toBe(`Cover of ${fake.track.album}`);
    expect(await art.getAttribute("width")).toBe("64");
    expect(await art.getAttribute("height")).toBe("64");
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    const link = await expectNewTabLink(page, "Play on Spotify", fake.track.url);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(fake.track.url);
    expect(page.url()).toBe(`${server.url}/`);

    const axe = await new AxeBuilder({ page }).include(".site-footer .music-widget").analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows a podcast episode with a new-tab link to the office playlist", async () => {
    await answer("episode");
    const { page, errors } = await open({ width: 1440 });
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Office currently listens to a podcast");
    await expectNewTabLink(page, "But here is our Office Playlist", playlistUrl);
    expect(await widget(page).locator("img").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows and logs 'Office is not playing music' for silence", async () => {
    await answer("nothing");
    const { page, errors, logs } = await open();
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Office is not playing music");
    expect(await widget(page).getByRole("link").count()).toBe(0);
    await expect.poll(() => logs).toContain("info: Office is not playing music");
    expect(errors).toEqual([]);
  });

  it("shows and logs 'Unable to Fetch Song' when Spotify fails", async () => {
    await answer({ status: 500 });
    const { page, errors } = await open();
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Unable to Fetch Song");
    expect(await widget(page).getByRole("link").count()).toBe(0);
    await expect.poll(() => errors.join("\n")).toMatch(/^Unable to Fetch Song/);
  });

  it("shows and logs 'Unable to Fetch Song' when the request itself fails", async () => {
    const { page, errors } = await open();
    await page.route(`**${API}`, (route) => route.abort("connectionrefused"));
    await widget(page).scrollIntoViewIfNeeded();
    await expect.poll(() => status(page).textContent()).toBe("Unable to Fetch Song");
    await expect.poll(() => errors.join("\n")).toMatch(/Unable to Fetch Song: .*fetch/i);
  });

  it("refreshes every 30 s while visible, and stops off screen and in a hidden tab", async () => {
    await answer("track");
    const { page, asked } = await open({ clock: true });
    await scrollToWidget(page);
    expect(asked()).toBe(1);

    await answer("episode");
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === API);
    await page.clock.runFor(30_000);
    await refreshed;
    expect(asked()).toBe(2);
    await expect
      .poll(() => status(page).textContent())
      .toBe("Office currently listens to a podcast");

    // Off screen: no question, however long.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300); // a rendering step: the fake clock holds animation frames
    await page.clock.runFor(120_000);
    await page.waitForTimeout(300); // a rendering step: the fake clock holds animation frames
    expect(asked()).toBe(2);

    // Back on screen with a stale answer: it asks at once, then every 30 s.
    await scrollToWidget(page);
    expect(asked()).toBe(3);

    // The tab hidden: no question until it is shown again.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(120_000);
    await page.waitForTimeout(300); // a rendering step: the fake clock holds animation frames
    expect(asked()).toBe(3);
    const shownAgain = page.waitForResponse((response) => new URL(response.url()).pathname === API);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await shownAgain;
    expect(asked()).toBe(4);
  });

  it("fades the status line in and pulses the dot, steady under reduced motion", async () => {
    await answer("track");
    const animations = async (page: Page) =>
      Promise.all(
        [".music-widget__status", ".music-widget__dot"].map((selector) =>
          widget(page)
            .locator(selector)
            .evaluate((element) => {
              const style = getComputedStyle(element);
              return `${style.animationName} ${style.animationDuration}`;
            }),
        ),
      );
    const moving = await open();
    await scrollToWidget(moving.page);
    expect(await animations(moving.page)).toEqual([
      "music-widget-fade 0.2s",
      "music-widget-pulse 1.6s",
    ]);
    await context?.close();

    const still = await open({ reducedMotion: "reduce" });
    await scrollToWidget(still.page);
    expect(await animations(still.page)).toEqual(["none 0s", "none 0s"]);
  });

  it("never hands the browser a Spotify token or secret", async () => {
    await answer("track");
    const { page } = await open();
    const bodies: Promise<string>[] = [];
    page.on("response", (response) => {
      const headers = JSON.stringify(response.headers());
      bodies.push(
        response.text().then(
          (body) => headers + body,
          () => headers,
        ),
      );
    });
    await page.reload({ waitUntil: "networkidle" });
    await scrollToWidget(page);
    const seen = (await Promise.all(bodies)).join("\n") + (await page.content());
    expect(fake.issuedTokens.length).toBeGreaterThan(0);
    for (const secret of [
      ...fake.issuedTokens,
      fake.credentials.clientSecret,
      fake.credentials.refreshToken,
    ]) {
      expect(seen).not.toContain(secret);
    }
  });
});
