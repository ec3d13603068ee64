import { expect, test } from "./support/test";
import { shellSuite, waitForSettledPage } from "./support/shell";

// The 404 screen, and the same screen for other fatal errors.

const suite = shellSuite();

type Marked = { __beforeReload?: boolean };

test.describe("404 screen", () => {
  test("shows the header and a very large 404 button that goes home, then reloads after 200 ms", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    const path = `/no-such-page-${Date.now()}`;
    const response = await page.goto(suite.baseUrl + path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe(`Page not found: ${path}`);
    await expect(page.locator("header.site-header").isVisible()).resolves.toBe(true);
    const button = page.getByRole("button", { name: /^404/ });
    const numeral = button.locator(".error-screen__numeral");
    await expect(numeral.textContent()).resolves.toBe("404");
    // It says where it leads, in words.
    await expect(button.textContent()).resolves.toMatch(/home page/);
    // "Very large": the status is set far above the page title size.
    const size = await numeral.evaluate((element) =>
      parseFloat(getComputedStyle(element).fontSize),
    );
    expect(size).toBeGreaterThan(200);

    await page.evaluate(() => ((window as Marked).__beforeReload = true));
    // Time stands still from here, and moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await button.click();
    // The error clears: the home page renders in the same document...
    await page.waitForURL(`${suite.baseUrl}/`);
    await expect(
      page.locator("main.page--home"),
      "the 404 button renders the home page",
    ).toBeAttached();
    await expect(page.evaluate(() => (window as Marked).__beforeReload)).resolves.toBe(true);
    // ...and the reload comes 200 ms after the click, not before.
    await page.clock.runFor(150);
    await expect(page.evaluate(() => (window as Marked).__beforeReload)).resolves.toBe(true);
    const reloaded = page.waitForEvent("load", { timeout: 10_000 });
    await page.clock.runFor(60);
    await reloaded;
    await expect(page.evaluate(() => (window as Marked).__beforeReload)).resolves.toBeUndefined();
    expect(page.url()).toBe(`${suite.baseUrl}/`);
    // Time runs again: the new document hydrates once it has painted its first frames.
    await page.clock.resume();
    await waitForSettledPage(page);
    await expect(page.locator("main.page--home").count()).resolves.toBe(1);
    await context.close();
  });

  test("its button loads the home page once the navigation has its data, however late", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${suite.baseUrl}/no-such-page-${Date.now()}`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // The home page's data comes well after the reload's 200 ms: a slow network or server.
    let dataCame = false;
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      dataCame = true;
      await route.continue().catch(() => {});
    });
    // Every document the tab asks for from here, and whether the data had come by then: a
    // document load started mid-navigation cuts off what the navigation still loads, and a
    // browser that fails it then (Firefox) had React Router reload the 404 page.
    const documents: { url: string; dataCame: boolean }[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documents.push({ url: request.url(), dataCame });
      }
    });
    await page.getByRole("button", { name: /^404/ }).click();
    await expect.poll(() => documents.length, { timeout: 15_000 }).toBe(1);
    await page.waitForURL(`${suite.baseUrl}/`);
    await waitForSettledPage(page);
    await expect(page.locator("main.page--home"), "the home page, not the 404 again").toHaveCount(
      1,
    );
    expect(documents, "one load of /, after the navigation's data").toEqual([
      { url: `${suite.baseUrl}/`, dataCame: true },
    ]);
    await context.close();
  });

  test("shows the same screen for a project slug that does not exist", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const slug = `${suite.facts.projects[0]!.slug}-gone`;
    const response = await page.goto(`${suite.baseUrl}/work/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe(`Page Not Found: /work/${slug}`);
    await expect(page.getByRole("button", { name: "Menu" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: /^404/ }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  test("shows any other fatal error with its own status and no stack trace", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // A form POST to a page that has no action: React Router answers 405.
    await page.goto(`${suite.baseUrl}/legal`);
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/legal";
      document.body.append(form);
      form.submit();
    });
    await expect(
      page.locator(".error-screen"),
      "a POST to a page without an action shows the error screen",
    ).toBeAttached();
    const numeral = page.locator(".error-screen__button .error-screen__numeral");
    await expect(numeral.textContent()).resolves.toBe("405");
    const html = await page.content();
    expect(html).not.toMatch(/\n\s+at [\w.<>]+ \(/);
    expect(html).not.toContain("node_modules");
    await context.close();
  });
});
