import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { watchConsole } from "./support/browser";
import { shellSuite, waitForSettledPage } from "./support/shell";

// The header on the way to and from the culture route, which has none (issue 24, craft item 2;
// docs/decisions/032-header-and-menu.md): it stays through the old page's fade-out and
// changes with the new page's fade-in, never at once. The page's fades and whatever the header
// animates are held the moment they start and moved by the test, with the page's clock paused,
// so what is on screen at a point of the transition does not depend on the machine's load.

const suite = shellSuite();

/** The held transitions: the page's opacity, and any of the header's. */
type Held = { __fades: CSSTransition[] };

async function open(path: string, reducedMotion = false) {
  const context = await suite.browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: reducedMotion ? "reduce" : "no-preference",
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.clock.install();
  await page.goto(suite.baseUrl + path);
  await waitForSettledPage(page);
  // Time stands still from here: the fades' fallback timers (page-fade.ts) never end one.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.evaluate(() => {
    const w = window as unknown as Held;
    w.__fades = [];
    document.addEventListener(
      "transitionrun",
      (event) => {
        const target = event.target;
        if (!(target instanceof Element)) return;
        const page = target.matches(".page-transition") && event.propertyName === "opacity";
        if (!page && !target.matches("header.site-header")) return;
        for (const animation of target.getAnimations()) {
          if (!(animation instanceof CSSTransition) || w.__fades.includes(animation)) continue;
          animation.pause();
          w.__fades.push(animation);
        }
      },
      true,
    );
  });
  return { context, page, errors };
}

/** Waits for the page showing `path` to start a fade, held at its start. */
async function fadeOf(page: Page, path: string, phase: "out" | "in") {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ path, phase }) =>
            (window as unknown as Held).__fades.some((fade) => {
              const target = fade.effect instanceof KeyframeEffect ? fade.effect.target : null;
              return (
                target instanceof HTMLElement &&
                target.classList.contains("page-transition") &&
                target.dataset.path === path &&
                target.classList.contains(`page-fade-${phase === "out" ? "exit" : "enter"}-active`)
              );
            }),
          { path, phase },
        ),
      { message: `the page at ${path} starts fading ${phase}` },
    )
    .toBe(true);
}

/** Moves every held fade to `ms` from its start (or to its end), as one clock would. */
async function seek(page: Page, ms: number | "end") {
  await page.evaluate((ms) => {
    const w = window as unknown as Held;
    for (const fade of w.__fades) {
      if (ms === "end") fade.finish();
      else fade.currentTime = ms;
    }
    if (ms === "end") w.__fades = [];
  }, ms);
}

/**
 * How much of the page and of the header shows: the page's opacity; the header's, times the
 * part of its height on screen (a header that slides away shows less of itself), 0 for none.
 */
function shown(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector(".page-transition");
    const header = document.querySelector<HTMLElement>("header.site-header");
    let headerShown = 0;
    if (header?.checkVisibility()) {
      const box = header.getBoundingClientRect();
      const onScreen = Math.min(Math.max(box.bottom, 0), box.height) / box.height;
      headerShown = Number(getComputedStyle(header).opacity) * onScreen;
    }
    return {
      path: (element as HTMLElement | null)?.dataset.path,
      page: element ? Number(getComputedStyle(element).opacity) : 0,
      header: Math.round(headerShown * 1000) / 1000,
    };
  });
}

test.describe("header on the way to and from the culture route", () => {
  test("stays while the old page fades out, then leaves as the culture page fades in", async () => {
    const { context, page, errors } = await open("/work");
    await page
      .locator("header.site-header")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Culture" })
      .click();

    await fadeOf(page, "/work", "out");
    await seek(page, 200);
    const leaving = await shown(page);
    expect(leaving.path, "half-way through the fade-out the old page is on screen").toBe("/work");
    expect(leaving.page).toBeGreaterThan(0.2);
    expect(leaving.header, "the header stays while the old page fades out").toBe(1);

    await seek(page, "end");
    await fadeOf(page, "/culture", "in");
    const swapped = await shown(page);
    expect(swapped.page, "the culture page comes in invisible").toBeLessThan(0.05);
    expect(swapped.header, "the header does not vanish before the culture page shows").toBe(1);
    await seek(page, 200);
    const half = await shown(page);
    expect(half.page).toBeGreaterThan(0.2);
    expect(half.page).toBeLessThan(1);
    expect(
      Math.abs(half.header - (1 - half.page)),
      `half-way the header leaves as the page fades in (header ${half.header}, page ${half.page})`,
    ).toBeLessThan(0.05);

    await seek(page, "end");
    await expect
      .poll(async () => (await shown(page)).header, {
        message: "once the culture page has faded in the header is gone",
      })
      .toBe(0);
    expect((await shown(page)).page).toBe(1);
    await expect(page.locator("header.site-header")).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("stays away while the culture page fades out, then comes back as the next page fades in", async () => {
    const { context, page, errors } = await open("/culture");
    expect((await shown(page)).header, "the culture route has no header").toBe(0);
    await page
      .locator("main")
      .getByRole("navigation", { name: "Back" })
      .getByRole("link", { name: "Work" })
      .click();

    await fadeOf(page, "/culture", "out");
    await seek(page, 200);
    const leaving = await shown(page);
    expect(leaving.path).toBe("/culture");
    expect(leaving.page).toBeGreaterThan(0.2);
    expect(leaving.header, "no header while the culture page fades out").toBe(0);

    await seek(page, "end");
    await fadeOf(page, "/work", "in");
    expect(
      (await shown(page)).header,
      "the header does not pop in before the next page shows",
    ).toBeLessThan(0.05);
    await seek(page, 200);
    const half = await shown(page);
    expect(half.page).toBeGreaterThan(0.2);
    expect(half.page).toBeLessThan(1);
    expect(
      Math.abs(half.header - half.page),
      `half-way the header comes back as the page fades in (header ${half.header}, page ${half.page})`,
    ).toBeLessThan(0.05);

    await seek(page, "end");
    await expect
      .poll(async () => (await shown(page)).header, {
        message: "once the page has faded in the header is fully shown",
      })
      .toBe(1);
    const wordmark = page.locator("header.site-header").getByRole("link", { name: /, home$/ });
    await expect(wordmark, "the header answers clicks again").toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("under prefers-reduced-motion swaps with the page, and nothing moves", async () => {
    const { context, page } = await open("/work", true);
    // Nothing waits on a fade here: time may run.
    await page.clock.resume();
    await page
      .locator("header.site-header")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Culture" })
      .click();
    await page.waitForURL(`${suite.baseUrl}/culture`);
    await waitForSettledPage(page);
    await expect(page.locator("header.site-header")).toHaveCount(0);
    await page
      .locator("main")
      .getByRole("navigation", { name: "Back" })
      .getByRole("link", { name: "Work" })
      .click();
    await page.waitForURL(`${suite.baseUrl}/work`);
    await waitForSettledPage(page);
    expect((await shown(page)).header, "the header is back, fully shown").toBe(1);
    const faded = await page.evaluate(
      () =>
        (window as unknown as Held).__fades
          .map((fade) => (fade.effect instanceof KeyframeEffect ? fade.effect.target : null))
          .filter((target) => target?.matches(".page-transition, header.site-header")).length,
    );
    expect(faded, "neither the page nor the header moved").toBe(0);
    await context.close();
  });
});
