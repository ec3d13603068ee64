import { expect, test } from "./support/test";
import type { Page, Route } from "./support/test";
import { waitForScrollEnd, watchConsole } from "./support/browser";
import { shellSuite, waitForSettledPage } from "./support/shell";

// The page transition `global` and scrolling.

const suite = shellSuite();

type Sample = {
  t: number;
  y: number;
  pages: { title: string | null; opacity: number; duration: string }[];
};

/** Records, every frame, which pages are in the document, their opacity and the scroll position. */
async function startSampling(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: Sample[]; __sampling: boolean };
    w.__samples = [];
    w.__sampling = true;
    const sample = () => {
      w.__samples.push({
        t: performance.now(),
        y: window.scrollY,
        pages: Array.from(document.querySelectorAll(".page-transition")).map((element) => {
          const style = getComputedStyle(element);
          return {
            title: element.querySelector("h1")?.textContent ?? null,
            opacity: Number(style.opacity),
            duration: style.transitionDuration,
          };
        }),
      });
      if (w.__sampling) requestAnimationFrame(sample);
    };
    sample();
  });
}

async function stopSampling(page: Page): Promise<Sample[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __samples: Sample[]; __sampling: boolean };
    w.__sampling = false;
    return w.__samples;
  });
}

async function open(path: string, options: { reducedMotion?: boolean; height?: number } = {}) {
  const context = await suite.browser.newContext({
    viewport: { width: 1280, height: options.height ?? 800 },
    reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(suite.baseUrl + path);
  await waitForSettledPage(page);
  return { context, page, errors };
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe("page transition", () => {
  test("fades the old page out over 0.4 s before the new one fades in over 0.4 s", async () => {
    const { context, page, errors } = await open("/work");
    const oldTitle = await page.locator("h1").first().textContent();
    const card = page.locator(".project-card").last();
    await card.scrollIntoViewIfNeeded();
    const newTitle = await card.locator(".project-card__title").textContent();
    expect(await scrollY(page)).toBeGreaterThan(0);
    // Scrolling down starts lazy work (images, the footer's music widget): let it finish, so the
    // frames sampled below measure the transition, not a busy main thread.
    await page.waitForLoadState("networkidle");

    await startSampling(page);
    await card.click();
    await page.waitForURL(/\/work\/.+/);
    await waitForSettledPage(page);
    const samples = await stopSampling(page);

    // Never two pages at once.
    expect(samples.every((sample) => sample.pages.length <= 1)).toBe(true);
    const firstNew = samples.findIndex((sample) => sample.pages[0]?.title === newTitle);
    expect(firstNew).toBeGreaterThan(0);
    const leaving = samples.slice(0, firstNew).filter((s) => s.pages[0]?.title === oldTitle);
    // The old page faded to (nearly) nothing before the new one was inserted...
    expect(Math.min(...leaving.map((s) => s.pages[0]!.opacity))).toBeLessThan(0.1);
    expect(leaving.some((s) => s.pages[0]!.duration === "0.4s")).toBe(true);
    // ...which starts invisible and ends fully shown, fading over 0.4 s.
    expect(samples[firstNew]!.pages[0]!.opacity).toBeLessThan(0.1);
    const entering = samples.slice(firstNew);
    expect(entering.some((s) => s.pages[0]!.duration === "0.4s")).toBe(true);
    expect(entering.at(-1)!.pages[0]!.opacity).toBe(1);
    // The scroll to the top happened while nothing was visible.
    const firstTop = samples.findIndex((sample) => sample.y === 0);
    expect(firstTop).toBeGreaterThan(0);
    expect(samples[firstTop]!.pages.every((p) => p.opacity < 0.1)).toBe(true);
    expect(await scrollY(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("swaps pages without fading under prefers-reduced-motion", async () => {
    const { context, page } = await open("/work", { reducedMotion: true });
    const card = page.locator(".project-card").first();
    const newTitle = await card.locator(".project-card__title").textContent();
    await startSampling(page);
    await card.click();
    await page.waitForURL(/\/work\/.+/);
    await waitForSettledPage(page);
    const samples = await stopSampling(page);
    expect(samples.every((sample) => sample.pages.length <= 1)).toBe(true);
    expect(samples.every((sample) => sample.pages.every((p) => p.opacity === 1))).toBe(true);
    await expect(page.locator("h1").first().textContent()).resolves.toBe(newTitle);
    await context.close();
  });
});

type Router = {
  navigate(to: string): Promise<void>;
  revalidate(): Promise<void>;
  state: { navigation: { state: string } };
};

/** Navigates (or revalidates) with the app's router, as a link or the Studio's refresh would. */
async function route(page: Page, action: { to: string } | "revalidate") {
  await page.evaluate((next) => {
    const router = (window as unknown as { __reactRouterDataRouter: Router })
      .__reactRouterDataRouter;
    void (next === "revalidate" ? router.revalidate() : router.navigate(next.to));
  }, action);
}

/**
 * Holds the data request of a navigation to `path` until the test is done with it, so the
 * navigation stays loading, and the old page faded out, for as long as the test looks. Without
 * it a fast machine can fade out, load and fade in between two looks at the opacity.
 */
async function holdNavigationTo(page: Page, path: string) {
  const held: Route[] = [];
  const matches = (url: URL) => url.pathname === `${path}.data`;
  await page.route(matches, (request) => {
    held.push(request);
  });
  return async () => {
    await page.unroute(matches);
    // The router may have cancelled it already: then there is nothing to let through.
    for (const request of held) await request.continue().catch(() => undefined);
  };
}

const opacity = (page: Page) =>
  page.locator(".page-transition").evaluate((element) => Number(getComputedStyle(element).opacity));

test.describe("page transition, interrupted or skipped", () => {
  test("a second navigation while the page fades out ends on the last target, shown", async () => {
    const { context, page, errors } = await open("/work");
    await startSampling(page);
    const release = await holdNavigationTo(page, "/legal");
    await route(page, { to: "/legal" });
    await expect.poll(() => opacity(page), { message: "the page starts fading" }).toBeLessThan(1);
    await route(page, { to: "/culture" });
    await release();
    await page.waitForURL(`${suite.baseUrl}/culture`);
    await waitForSettledPage(page);
    const samples = await stopSampling(page);
    expect(samples.every((sample) => sample.pages.length <= 1)).toBe(true);
    expect(await opacity(page)).toBe(1);
    expect(page.url()).toBe(`${suite.baseUrl}/culture`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("going back to the fading page mid-fade shows it again", async () => {
    const { context, page, errors } = await open("/work");
    const title = await page.locator("h1").first().textContent();
    const release = await holdNavigationTo(page, "/culture");
    await route(page, { to: "/culture" });
    await expect.poll(() => opacity(page), { message: "the page starts fading" }).toBeLessThan(1);
    await route(page, { to: "/work" });
    await release();
    await expect.poll(() => opacity(page), { message: "the page is shown again" }).toBe(1);
    await waitForSettledPage(page);
    expect(page.url()).toBe(`${suite.baseUrl}/work`);
    expect(await page.locator("h1").first().textContent()).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a revalidation and a query on the same page do not fade", async () => {
    const { context, page, errors } = await open("/work");
    await startSampling(page);
    await route(page, "revalidate");
    await route(page, { to: "/work?view=all" });
    await page.waitForURL(`${suite.baseUrl}/work?view=all`);
    await page.waitForFunction(
      () =>
        (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter.state
          .navigation.state === "idle",
    );
    // A fade starts with the navigation and lasts 0.4 s: 600 ms of frames after the router is
    // idle would have caught one.
    await page.waitForTimeout(600);
    const samples = await stopSampling(page);
    expect(samples.every((sample) => sample.pages.length === 1)).toBe(true);
    expect(samples.every((sample) => sample.pages[0]!.opacity === 1)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe("scrolling", () => {
  test("scrolls instantly (scroll-behavior auto) and restores positions on back and forward", async () => {
    const { context, page } = await open("/work");
    await expect(
      page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).resolves.toBe("auto");
    const card = page.locator(".project-card").nth(3);
    await card.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    await page.mouse.wheel(0, 120);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: "the wheel scrolls the list" })
      .toBeGreaterThan(before);
    await waitForScrollEnd(page);
    // The click focuses the card, which scrolls it clear of the header (scroll-padding-top)
    // if it was under it: focused first, so the position the list is left at is known.
    await card.focus();
    const workY = await scrollY(page);
    expect(workY).toBeGreaterThan(200);
    await card.click();
    await page.waitForURL(/\/work\/.+/);
    await waitForSettledPage(page);
    expect(await scrollY(page)).toBe(0);
    await page.mouse.wheel(0, 450);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: "the wheel scrolls the project" })
      .toBeGreaterThan(0);
    await waitForScrollEnd(page);
    const projectY = await scrollY(page);

    await page.goBack();
    await page.waitForURL(`${suite.baseUrl}/work`);
    await waitForSettledPage(page);
    expect(Math.abs((await scrollY(page)) - workY)).toBeLessThanOrEqual(1);

    await page.goForward();
    await page.waitForURL(/\/work\/.+/);
    await waitForSettledPage(page);
    expect(Math.abs((await scrollY(page)) - projectY)).toBeLessThanOrEqual(1);
    await context.close();
  });

  test("scrolls a #hash target into view, offset by its scroll margin", async () => {
    const { context, page } = await open("/legal", { height: 600 });
    // A heading of the legal text far enough down for the page to scroll to it.
    const id = await page.evaluate(() => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const target = Array.from(document.querySelectorAll<HTMLElement>("main [id]")).find(
        (element) => {
          const top = element.getBoundingClientRect().top + window.scrollY;
          return top > 300 && top < max - 50;
        },
      );
      return target?.id ?? null;
    });
    expect(id, "the legal page has a heading with an id below the fold").toBeTruthy();
    const offsetOf = (target: string) =>
      page.evaluate((elementId) => {
        const element = document.getElementById(elementId)!;
        return {
          top: Math.round(element.getBoundingClientRect().top),
          margin: Math.round(
            parseFloat(getComputedStyle(element).scrollMarginTop) +
              parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
          ),
        };
      }, target);

    // In-app navigation from another page.
    await page.goto(`${suite.baseUrl}/work`);
    await waitForSettledPage(page);
    await page.evaluate((target) => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter;
      router.navigate(`/legal#${target}`);
    }, id!);
    await page.waitForURL(`${suite.baseUrl}/legal#${id}`);
    await waitForSettledPage(page);
    const inApp = await offsetOf(id!);
    expect(inApp.margin).toBeGreaterThan(0);
    expect(Math.abs(inApp.top - inApp.margin)).toBeLessThanOrEqual(2);

    // And on a fresh load.
    await page.goto("about:blank");
    await page.goto(`${suite.baseUrl}/legal#${id}`);
    await waitForSettledPage(page);
    const loaded = await offsetOf(id!);
    expect(Math.abs(loaded.top - loaded.margin)).toBeLessThanOrEqual(2);
    await context.close();
  });

  test("a reload, or Back from another site, lands where the visitor left the page", async () => {
    // The first page of a visit: React Router's "default" history entry.
    const { context, page } = await open("/work");
    await page.evaluate(() => window.scrollTo(0, 900));
    await waitForScrollEnd(page);
    const workY = await scrollY(page);
    expect(workY).toBeGreaterThan(500);
    await page.reload();
    await waitForSettledPage(page);
    expect(Math.abs((await scrollY(page)) - workY)).toBeLessThanOrEqual(1);

    // An entry the router made, left for another site and come back to.
    await page.locator(".project-card").first().click();
    await page.waitForURL(/\/work\/.+/);
    await waitForSettledPage(page);
    await page.evaluate(() => window.scrollTo(0, 700));
    await waitForScrollEnd(page);
    const projectY = await scrollY(page);
    expect(projectY).toBeGreaterThan(300);
    await page.goto("about:blank");
    await page.goBack();
    await page.waitForURL(/\/work\/.+/);
    await waitForSettledPage(page);
    expect(Math.abs((await scrollY(page)) - projectY)).toBeLessThanOrEqual(1);

    // A link or a typed address to a page it has seen starts at its top.
    await page.goto(suite.baseUrl + "/work");
    await waitForSettledPage(page);
    expect(await scrollY(page)).toBe(0);
    await context.close();
  });

  test("goes to the top of a page entered from the footer of another", async () => {
    const { context, page } = await open("/work");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Culture" }).click();
    await page.waitForURL(`${suite.baseUrl}/culture`);
    await waitForSettledPage(page);
    expect(await scrollY(page)).toBe(0);
    expect(suite.facts.siteTitle).toBeTruthy();
    await context.close();
  });
});
