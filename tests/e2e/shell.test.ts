import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { waitForScrollEnd, watchConsole } from "./support/browser";
import { BLUE, paintedColours, shellSuite, waitForSettledPage, WHITE } from "./support/shell";

// The header, the mobile menu, dark mode and the cursor, in Chromium.

const suite = shellSuite();

async function open(width: number, path: string, options: { touch?: boolean } = {}) {
  const context = await suite.browser.newContext({
    viewport: { width, height: 844 },
    hasTouch: options.touch,
    isMobile: options.touch,
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(suite.baseUrl + path);
  await waitForSettledPage(page);
  return { context, page, errors };
}

const header = (page: Page) => page.locator("header.site-header");
const menuButton = (page: Page) => header(page).getByRole("button", { name: "Menu" });
const toggle = (page: Page) => header(page).getByRole("button", { name: "switch dark mode" });
/** The first dark-mode toggle in the document, wherever it is (the header may have slid away). */
const firstToggle = (page: Page) => page.locator('button[aria-label="switch dark mode"]').first();
const desktopNav = (page: Page) => header(page).getByRole("navigation", { name: "Main" });

test.describe("header", () => {
  test("at 1280 px: wordmark home, Work and Culture, the dark toggle, no menu button", async () => {
    const { context, page, errors } = await open(1280, "/work");
    const wordmark = header(page).getByRole("link", { name: `${suite.facts.siteTitle}, home` });
    await expect(wordmark.getAttribute("href")).resolves.toBe("/");
    await expect(wordmark.textContent()).resolves.toBe(suite.facts.siteTitle);
    expect(await desktopNav(page).getByRole("link", { name: "Work" }).isVisible()).toBe(true);
    expect(await desktopNav(page).getByRole("link", { name: "Culture" }).isVisible()).toBe(true);
    expect(await toggle(page).isVisible()).toBe(true);
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await menuButton(page).isVisible()).toBe(false);
    // The header is 7.5rem high.
    const box = await header(page).boundingBox();
    expect(box?.height).toBe(120);

    await wordmark.click();
    await page.waitForURL(`${suite.baseUrl}/`);
    await waitForSettledPage(page);
    // The home page uses the large variant: no Work link in the desktop navigation.
    await expect(desktopNav(page).getByRole("link", { name: "Work" }).count()).resolves.toBe(0);
    expect(await desktopNav(page).getByRole("link", { name: "Culture" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("at 390 px: the menu button instead of the navigation", async () => {
    const { context, page } = await open(390, "/work");
    expect(await desktopNav(page).isVisible()).toBe(false);
    expect(await menuButton(page).isVisible()).toBe(true);
    await expect(menuButton(page).textContent()).resolves.toBe("Menu");
    await expect(menuButton(page).getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await toggle(page).isVisible()).toBe(true);
    await context.close();
  });

  test("is hidden on the culture route, and back on the next route", async () => {
    const { context, page } = await open(1280, "/culture");
    await expect(header(page).count()).resolves.toBe(0);
    await expect(page.locator("h1").first().isVisible()).resolves.toBe(true);
    await page.locator("main").getByRole("link", { name: "Work" }).first().click();
    await page.waitForURL(`${suite.baseUrl}/work`);
    await waitForSettledPage(page);
    expect(await header(page).isVisible()).toBe(true);
    await context.close();
  });

  test("links preload their target on hover (prefetch on intent)", async () => {
    const { context, page } = await open(1280, "/");
    const link = desktopNav(page).getByRole("link", { name: "Culture" });
    await link.hover();
    await expect(
      page
        .locator(
          'link[rel="prefetch"][href*="culture"], link[rel="modulepreload"][href*="culture"]',
        )
        .first(),
      "hovering the Culture link adds a prefetch or modulepreload link for the culture page",
    ).toBeAttached();
    await context.close();
  });
});

test.describe("mobile menu", () => {
  test("opens from the button as a full-screen blue overlay with the navigation, dark mode and the music widget", async () => {
    const { context, page, errors } = await open(390, "/work");
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    // The slide is held as soon as it starts (a frame at most), then moved by the test on its
    // own timeline: where the menu is at 0, 400 and 800 ms does not depend on the machine's load.
    await menu.evaluate((element) => {
      element.addEventListener("transitionrun", (event) => {
        if (event.target !== element || (event as TransitionEvent).propertyName !== "transform") {
          return;
        }
        for (const animation of element.getAnimations()) animation.pause();
      });
    });
    await menuButton(page).click();
    await expect(menuButton(page).getAttribute("aria-expanded")).resolves.toBe("true");
    // It slides in over 800 ms.
    const duration = await menu.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(duration.split(", ")).toContain("0.8s");
    const slide = await menu.evaluate((element) => {
      const transition = element
        .getAnimations()
        .find(
          (animation): animation is CSSTransition =>
            animation instanceof CSSTransition && animation.transitionProperty === "transform",
        );
      if (!transition) return null;
      transition.pause();
      const topAt = (ms: number) => {
        transition.currentTime = ms;
        return Math.round(element.getBoundingClientRect().top);
      };
      const tops = { start: topAt(0), middle: topAt(400), end: topAt(800) };
      transition.finish();
      return {
        duration: transition.effect?.getComputedTiming().duration,
        height: window.innerHeight,
        ...tops,
      };
    });
    expect(slide, "opening the menu starts a transform transition").not.toBeNull();
    expect(slide!.duration).toBe(800);
    expect(slide!.start, "it starts above the screen").toBeLessThanOrEqual(-slide!.height);
    expect(slide!.middle, "half-way through, it is on its way down").toBeGreaterThan(slide!.start);
    expect(slide!.middle, "half-way through, it is on its way down").toBeLessThan(0);
    expect(slide!.end, "after 800 ms it is at the top").toBe(0);
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const rect = document.getElementById("mobile-menu")!.getBoundingClientRect();
            return (
              rect.top === 0 && rect.height >= window.innerHeight && rect.width >= window.innerWidth
            );
          }),
        { message: "the open menu covers the whole screen" },
      )
      .toBe(true);
    await expect(
      menu.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toBe(BLUE);
    await expect(menu.getByRole("link", { name: "Work", exact: true }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      menu.getByRole("link", { name: "Culture", exact: true }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      menu.getByRole("link", { name: "Legal Notice & Privacy Policy" }).getAttribute("href"),
    ).resolves.toBe("/legal");
    const text = (await menu.textContent()) ?? "";
    if (suite.facts.addressText) {
      expect(text.replace(/\s+/g, " ")).toContain(suite.facts.addressText.split("\n")[0]!.trim());
    }
    expect(text).toContain(
      `© ${new Date().getFullYear()} ${suite.facts.copyright ?? suite.facts.siteTitle}`,
    );
    // The music widget's slot is mounted inside the menu.
    expect(await menu.locator(".mobile-menu__widget").count()).toBe(1);
    expect(errors.filter((error) => !/now-playing|spotify/i.test(error))).toEqual([]);
    await context.close();
  });

  test("moves focus in, traps it, and returns it to the button on Escape", async () => {
    const { context, page } = await open(390, "/work");
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              document.activeElement?.textContent === "Work" &&
              document.activeElement.closest("#mobile-menu") !== null,
          ),
        { message: "opening the menu moves focus to its Work link" },
      )
      .toBe(true);
    // Tab round the whole menu twice: focus never leaves the header and menu.
    const count = await page.evaluate(
      () => document.querySelectorAll("header.site-header a, header.site-header button").length,
    );
    for (let i = 0; i < count * 2; i += 1) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(
        () => document.activeElement?.closest("header.site-header") !== null,
      );
      expect(inside, `after ${i + 1} Tab presses`).toBe(true);
    }
    for (let i = 0; i < count; i += 1) {
      await page.keyboard.press("Shift+Tab");
      const inside = await page.evaluate(
        () => document.activeElement?.closest("header.site-header") !== null,
      );
      expect(inside, `after ${i + 1} Shift+Tab presses`).toBe(true);
    }
    // The page behind is inert while the menu is open.
    await expect(
      page.locator("main").evaluate((main) => main.closest("[inert]") !== null),
    ).resolves.toBe(true);

    await page.keyboard.press("Escape");
    await expect(menuButton(page).getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(
      page.evaluate(() => document.activeElement?.textContent?.includes("Menu") ?? false),
    ).resolves.toBe(true);
    await expect(
      page.locator("main").evaluate((main) => main.closest("[inert]") !== null),
    ).resolves.toBe(false);
    await context.close();
  });

  test("keeps the page behind from scrolling", async () => {
    const { context, page } = await open(390, "/work");
    await page.mouse.wheel(0, 300);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: "the wheel scrolls the page" })
      .toBeGreaterThan(0);
    const before = await page.evaluate(() => window.scrollY);
    await page.evaluate(() => window.scrollTo(0, 0));
    await menuButton(page).click();
    await page.mouse.move(200, 600);
    await page.mouse.wheel(0, 600);
    await waitForScrollEnd(page);
    expect(before).toBeGreaterThan(0);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await context.close();
  });

  test("closes on navigation, to another route and to the route already shown", async () => {
    const { context, page } = await open(390, "/");
    await menuButton(page).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Work", exact: true }).click();
    await page.waitForURL(`${suite.baseUrl}/work`);
    await expect(menuButton(page), "navigating to another route closes the menu").toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await waitForSettledPage(page);
    await expect(page.locator("h1").first().isVisible()).resolves.toBe(true);

    await menuButton(page).click();
    await expect(menuButton(page).getAttribute("aria-expanded")).resolves.toBe("true");
    await page.locator("#mobile-menu").getByRole("link", { name: "Work", exact: true }).click();
    await expect(
      menuButton(page),
      "following a link to the route already shown closes the menu",
    ).toHaveAttribute("aria-expanded", "false");
    await context.close();
  });

  test("closes when the window grows past the lg breakpoint", async () => {
    const { context, page } = await open(390, "/work");
    await menuButton(page).click();
    await expect(page.locator("html"), "the button opens the menu").toHaveClass(/\bmenu-open\b/);
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(
      page.locator("html"),
      "growing the window past the lg breakpoint closes the menu",
    ).not.toHaveClass(/\bmenu-open\b/);
    await context.close();
  });
});

test.describe("dark mode", () => {
  test("has no flash of the wrong colours: the server paints light, with the fonts preloaded", async () => {
    const response = await fetch(`${suite.baseUrl}/work`);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en" data-theme="light"/);
    const font = html.match(
      /<link rel="preload" as="font" type="font\/woff2" href="([^"]+\.woff2)" crossorigin="anonymous"/,
    )?.[1];
    expect(font, "the page preloads its font").toBeTruthy();
    // The one stylesheet declares the face with the very file preloaded, so it is not fetched twice.
    const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
      (match) => match[1] ?? "",
    );
    expect(stylesheets).toHaveLength(1);
    const css = await (await fetch(new URL(stylesheets[0] ?? "", suite.baseUrl))).text();
    expect(css).toMatch(/@font-face\{[^}]*font-family:Inter Tight Variable/);
    expect(css).toContain(`url(${font})`);
  });

  test("switches colours over 1 s expo-out, and turns off on route change", async () => {
    const { context, page, errors } = await open(1280, "/work");
    await expect(paintedColours(page)).resolves.toEqual({ background: WHITE, color: BLUE });
    const transition = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return {
        property: style.transitionProperty,
        duration: style.transitionDuration,
        easing: style.transitionTimingFunction,
      };
    });
    expect(transition.property).toContain("--bg");
    expect(transition.duration.split(", ")).toEqual(["1s", "1s"]);
    expect(transition.easing).toContain("cubic-bezier(0.16, 1, 0.3, 1)");

    await toggle(page).click();
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect
      .poll(async () => (await paintedColours(page)).background, {
        message: "dark mode paints the page blue",
      })
      .toBe(BLUE);
    await expect(paintedColours(page)).resolves.toEqual({ background: BLUE, color: WHITE });

    await toggle(page).click();
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("false");
    await toggle(page).click();
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("true");

    await desktopNav(page).getByRole("link", { name: "Culture" }).click();
    await page.waitForURL(`${suite.baseUrl}/culture`);
    await waitForSettledPage(page);
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(
      "light",
    );
    await expect
      .poll(async () => (await paintedColours(page)).background, {
        message: "the next route paints the page white again",
      })
      .toBe(WHITE);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("changes the header's colours in step with the page's", async () => {
    const { context, page, errors } = await open(1280, "/work");
    await toggle(page).click();
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("true");
    // Half-way through the 1 s change, frozen: the header and the page show one blue, because
    // the header animates no colour of its own (it follows the root's --bg and --fg).
    const mid = await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 300;
      }
      const bar = document.querySelector(".site-header__bar")!;
      const header = document.querySelector(".site-header")!;
      const own = [...bar.getAnimations(), ...header.getAnimations()].map(
        (animation) => (animation as CSSTransition).transitionProperty,
      );
      return {
        own,
        page: getComputedStyle(document.body).backgroundColor,
        bar: getComputedStyle(bar).backgroundColor,
        pageText: getComputedStyle(document.body).color,
        headerText: getComputedStyle(header).color,
      };
    });
    expect(mid.own, "colour transitions of the header's own").not.toContain("background-color");
    expect(mid.own).not.toContain("color");
    expect(mid.page, "a colour between white and blue").not.toMatch(/^rgb\(255, 255, 255\)$/);
    expect(mid.bar).toBe(mid.page);
    expect(mid.headerText).toBe(mid.pageText);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("flips the page while an inverted section is on screen, and ignores the toggle meanwhile", async () => {
    const path = suite.facts.invertedPaths.find((candidate) => candidate !== "/culture");
    expect(path, "the dataset has a page with an inverted module and a header").toBeTruthy();
    const { context, page } = await open(1280, path!);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe("light");
    const section = page.locator("section[data-inverted]").first();
    await section.evaluate((element) => element.scrollIntoView({ block: "center" }));
    // The observer reports on its next frame, not at once.
    await expect(
      firstToggle(page),
      "the toggle is disabled while an inverted section is on screen",
    ).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator("html"), "the inverted section flips the page").toHaveAttribute(
      "data-theme",
      "dark",
    );
    await expect
      .poll(async () => (await paintedColours(page)).background, {
        message: "the inverted section paints the page blue",
      })
      .toBe(BLUE);

    // The header slid away while scrolling down; keyboard focus brings it back.
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await theme()).toBe("dark");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(
      firstToggle(page),
      "the toggle is enabled again once the inverted section is off screen",
    ).not.toHaveAttribute("aria-disabled");
    expect(await theme()).toBe("light");
    await toggle(page).click();
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("true");
    expect(await theme()).toBe("dark");
    // In dark mode the inverted section shows light.
    await section.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await expect(
      page.locator("html"),
      "in dark mode the inverted section shows light",
    ).toHaveAttribute("data-theme", "light");
    await context.close();
  });
});

test.describe("cursor", () => {
  test("follows a mouse and reacts to project cards; touch screens get none", async () => {
    const desktop = await open(1280, "/work");
    const cursor = desktop.page.locator(".cursor");
    // Mounted once the page knows it has a fine pointer, just after hydration.
    await expect(cursor, "a fine pointer gets the custom cursor").toBeAttached();
    await expect(cursor.count()).resolves.toBe(1);
    await expect(cursor.getAttribute("aria-hidden")).resolves.toBe("true");
    await desktop.page.locator(".project-card").first().hover();
    await expect(cursor, "over a project card the cursor shows its hover state").toHaveAttribute(
      "data-state",
      "hover",
    );
    await expect(cursor.locator(".cursor__label").textContent()).resolves.toBe("View");
    await desktop.page.mouse.move(5, 400);
    await expect(cursor, "off the cards the cursor is empty again").toHaveAttribute(
      "data-state",
      "empty",
    );
    await desktop.context.close();

    const touch = await open(390, "/work", { touch: true });
    await expect(touch.page.locator(".cursor").count()).resolves.toBe(0);
    await touch.context.close();
  });
});
