import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "./support/test";
import type { NowPlaying } from "../../app/lib/spotify/now-playing";
import { expect, test } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { startFakeSpotify, type FakeAnswer, type FakeSpotify } from "../support/fake-spotify";
import { afterFrames, watchConsole } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

// The production server, pointed at a local fake Spotify. A 1 s shared cache
// lets each test switch the fake's answer and see it soon after.
const CACHE_SECONDS = 1;
const API = "/api/now-playing";
/**
 * The page the widget is met on: long enough that its footer starts far below a phone's
 * screen, and with no video or gallery at work meanwhile (the home page's showreel made every
 * test here several times dearer, for nothing the widget does).
 */
const PAGE = "/legal";

let fake: FakeSpotify;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let playlistUrl: string;

test.beforeAll(async ({ browser: shared }) => {
  browser = shared;
  playlistUrl = await ask<string>(BUNDLED_DATASET, `*[_id == "general"][0].officePlaylistUrl`);
  fake = await startFakeSpotify();
  server = await startServer({ ...fake.env, SPOTIFY_CACHE_SECONDS: String(CACHE_SECONDS) });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

test.afterEach(async () => {
  await context?.close();
  context = undefined;
  fake.reset();
});

/** What the route answers when Spotify gives the fake's answer. */
const stateOf = (next: FakeAnswer): NowPlaying["state"] =>
  next === "track" || next === "episode" || next === "nothing"
    ? next
    : next === "paused"
      ? "nothing"
      : "error";

/**
 * Set the fake's answer and wait until the server shares it. The server keeps one answer for
 * CACHE_SECONDS; asking the route until it serves the new one ends as soon as the server has
 * asked the fake again (at once when the kept answer has run out or already matches).
 */
async function answer(next: FakeAnswer) {
  fake.setAnswer(next);
  const state = stateOf(next);
  await expect
    .poll(
      async () => {
        const response = await fetch(`${server.url}${API}`);
        return ((await response.json()) as NowPlaying).state;
      },
      {
        message: `the server shares the fake Spotify's new answer (${state})`,
        intervals: [100, 250],
      },
    )
    .toBe(state);
}

/**
 * Every request the page started before now has reached the test's counter: Chromium reports
 * a page's requests in the order it starts them, so once one started now is seen, so are they.
 */
async function requestsSeen(page: Page) {
  const probe = `/robots.txt?probe=${Date.now()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(probe), {
    timeout: 10_000,
  });
  await page.evaluate((url) => fetch(url).then((response) => response.text()), probe);
  await seen;
}

type Flags = { __widgetOffScreen?: boolean };

/**
 * Waits until the widget is off screen as an IntersectionObserver sees it and the page has
 * acted on it (React has stopped the widget's refresh timer). The widget's own observer is told
 * no later than ours, and React renders and runs effects in messages it queues then
 * (MessageChannel): a few messages of ours queued after them run after them.
 */
async function widgetOffScreen(page: Page) {
  await widget(page).evaluate((element) => {
    const flags = window as Flags;
    flags.__widgetOffScreen = false;
    const observer = new IntersectionObserver((entries) => {
      if (entries.at(-1)?.isIntersecting) return;
      observer.disconnect();
      const channel = new MessageChannel();
      let left = 5;
      channel.port1.onmessage = () => {
        if (--left) channel.port2.postMessage(null);
        else flags.__widgetOffScreen = true;
      };
      channel.port2.postMessage(null);
    });
    observer.observe(element);
  });
  await expect
    .poll(() => page.evaluate(() => (window as Flags).__widgetOffScreen), {
      message: "the widget goes off screen",
    })
    .toBe(true);
}

/** Tells the page its tab is hidden or shown, and waits until React has acted on it (see above). */
async function setTabVisibility(page: Page, state: "hidden" | "visible") {
  await page.evaluate(
    (visibility) =>
      new Promise<void>((resolve) => {
        Object.defineProperty(document, "visibilityState", {
          value: visibility,
          configurable: true,
        });
        document.dispatchEvent(new Event("visibilitychange"));
        const channel = new MessageChannel();
        let left = 5;
        channel.port1.onmessage = () => (--left ? channel.port2.postMessage(null) : resolve());
        channel.port2.postMessage(null);
      }),
    state,
  );
}

type Opened = { page: Page; asked: () => number; errors: string[]; logs: string[] };

/** A page at the top of PAGE, counting the widget's requests. */
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
  await page.goto(server.url + PAGE, { waitUntil: "networkidle" });
  return { page, asked: () => requests, errors, logs };
}

const widget = (page: Page) => page.locator("footer .music-widget");
const status = (page: Page) => widget(page).locator(".music-widget__status");

/** The page's next answer from the route; after 10 s, a failure that says which question never came. */
function apiResponse(page: Page, what: string) {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === API, { timeout: 10_000 })
    .catch((error: unknown) => {
      throw new Error(`${what}: no ${API} answer within 10 s`, { cause: error });
    });
}

/** Scrolls the footer's widget into view and waits for the answer it asks for. */
async function scrollToWidget(page: Page) {
  const answered = apiResponse(page, "the widget asks once it is scrolled into view");
  await widget(page).scrollIntoViewIfNeeded();
  await answered;
  await expect(widget(page), "the widget shows its answer").toHaveAttribute("aria-busy", "false");
}

async function expectNewTabLink(page: Page, name: string, href: string) {
  const link = widget(page).getByRole("link", { name });
  expect(await link.textContent()).toBe(`${name} (opens in a new tab)`);
  expect(await link.getAttribute("href")).toBe(href);
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
  return link;
}

test.describe("the office music widget in Chromium", () => {
  test("fetches nothing while off screen, then asks once when scrolled into view", async () => {
    await answer("track");
    const { page, asked } = await open();
    const box = await widget(page).boundingBox();
    expect(box?.y, "the widget starts below the fold").toBeGreaterThan(700);
    await afterFrames(page);
    await requestsSeen(page);
    expect(asked()).toBe(0);
    expect(await widget(page).getAttribute("aria-busy")).toBe("true");
    expect(await widget(page).textContent()).toBe("Loading what the office is listening to");

    await scrollToWidget(page);
    expect(asked()).toBe(1);
    expect(await status(page).textContent()).toBe("Office playlist is playing");
  });

  test("fetches nothing while hidden with display:none, as in a closed menu", async () => {
    const { page, asked } = await open();
    await page.addStyleTag({ content: ".site-footer .music-widget { display: none; }" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await afterFrames(page);
    await requestsSeen(page);
    expect(asked()).toBe(0);

    const answered = apiResponse(page, "the widget asks once it is shown");
    await page.addStyleTag({ content: ".site-footer .music-widget { display: flex; }" });
    await answered;
    expect(asked()).toBe(1);
  });

  test("fetches nothing while the mobile menu is closed, and asks when it opens", async () => {
    await answer("episode");
    const { page, asked } = await open();
    await afterFrames(page);
    await requestsSeen(page);
    expect(asked()).toBe(0);

    const answered = apiResponse(page, "the widget in the opened menu asks");
    await page.getByRole("button", { name: "Menu" }).click();
    await answered;
    expect(asked()).toBe(1);
    await expect
      .poll(() => page.locator(".mobile-menu .music-widget__status").textContent())
      .toBe("Office currently listens to a podcast");
  });

  test("shows a track: status, album art, artist, title and a new-tab 'Play on Spotify'", async () => {
    await answer("track");
    const { page, errors } = await open();
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Office playlist is playing");
    expect(await widget(page).locator(".music-widget__artist").textContent()).toBe(
      fake.track.artists[0]!,
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
    expect(page.url()).toBe(server.url + PAGE);

    const axe = await new AxeBuilder({ page })
      .include(".site-footer .music-widget")
      .setLegacyMode() // axe.run() in the page: no blank page to finish in (a11y.test.ts)
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("shows a podcast episode with a new-tab link to the office playlist", async () => {
    await answer("episode");
    const { page, errors } = await open({ width: 1440 });
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Office currently listens to a podcast");
    await expectNewTabLink(page, "But here is our Office Playlist", playlistUrl);
    expect(await widget(page).locator("img").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("shows and logs 'Office is not playing music' for silence", async () => {
    await answer("nothing");
    const { page, errors, logs } = await open();
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Office is not playing music");
    expect(await widget(page).getByRole("link").count()).toBe(0);
    await expect.poll(() => logs).toContain("info: Office is not playing music");
    expect(errors).toEqual([]);
  });

  test("shows and logs 'Unable to Fetch Song' when Spotify fails", async () => {
    await answer({ status: 500 });
    const { page, errors } = await open();
    await scrollToWidget(page);
    expect(await status(page).textContent()).toBe("Unable to Fetch Song");
    expect(await widget(page).getByRole("link").count()).toBe(0);
    await expect.poll(() => errors.join("\n")).toMatch(/^Unable to Fetch Song/);
  });

  test("shows and logs 'Unable to Fetch Song' when the request itself fails", async () => {
    const { page, errors } = await open();
    await page.route(`**${API}`, (route) => route.abort("connectionrefused"));
    await widget(page).scrollIntoViewIfNeeded();
    await expect.poll(() => status(page).textContent()).toBe("Unable to Fetch Song");
    await expect.poll(() => errors.join("\n")).toMatch(/Unable to Fetch Song: .*fetch/i);
  });

  test("refreshes every 30 s while visible, and stops off screen and in a hidden tab", async () => {
    await answer("track");
    const { page, asked } = await open({ clock: true });
    await scrollToWidget(page);
    expect(asked()).toBe(1);

    await answer("episode");
    const refreshed = apiResponse(page, "the widget asks again after 30 s");
    await page.clock.runFor(30_000);
    await refreshed;
    expect(asked()).toBe(2);
    await expect
      .poll(() => status(page).textContent())
      .toBe("Office currently listens to a podcast");

    // Off screen: no question, however long.
    await page.evaluate(() => window.scrollTo(0, 0));
    await widgetOffScreen(page);
    await page.clock.runFor(120_000);
    await requestsSeen(page);
    expect(asked()).toBe(2);

    // Back on screen with a stale answer: it asks at once, then every 30 s.
    await scrollToWidget(page);
    expect(asked()).toBe(3);

    // The tab hidden: no question until it is shown again.
    await setTabVisibility(page, "hidden");
    await page.clock.runFor(120_000);
    await requestsSeen(page);
    expect(asked()).toBe(3);
    const shownAgain = apiResponse(page, "showing the tab again asks at once");
    await setTabVisibility(page, "visible");
    await shownAgain;
    expect(asked()).toBe(4);
  });

  test("fades the status line in and pulses the dot, steady under reduced motion", async () => {
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

  test("never hands the browser a Spotify token or secret", async () => {
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
