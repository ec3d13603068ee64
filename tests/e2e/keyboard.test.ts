import { PRIMARY_NAV } from "../../app/lib/navigation";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { startScreenReader, spokenPhrases } from "./support/screen-reader";
import { shellSuite, waitForSettledPage } from "./support/shell";
import { expect, test, type Locator, type Page } from "./support/test";

// A visitor on the keyboard with a screen reader (docs/decisions/034-page-transition.md):
// where focus lands after each client navigation and Back, what the virtual
// screen reader says there, and that nothing focused hides under the fixed header.

test.describe.configure({ mode: "parallel" });

const suite = shellSuite();
const titles = await ask<{ work: string; culture: string }>(
  BUNDLED_DATASET,
  `{ "work": *[_id == "workPage"][0].title, "culture": *[_id == "culturePage"][0].title }`,
);
const navLabel = (to: string) => PRIMARY_NAV.find((item) => item.to === to)!.label;

async function open(path: string, width: number) {
  const context = await suite.browser.newContext({
    viewport: { width, height: 844 },
    // The screen reader's script is the test's, not the site's: the CSP rightly refuses it.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(suite.baseUrl + path);
  await waitForSettledPage(page);
  return { context, page };
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a visitor would; bounded. */
async function tabTo(page: Page, target: Locator, key = "Tab") {
  for (let presses = 0; presses < 120; presses++) {
    if (await target.evaluate((element: Element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

/** What has focus: its tag, its text and, for a link, where it goes. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? null,
      text: element?.textContent?.trim() ?? "",
      href: element?.getAttribute("href") ?? null,
      inMain: Boolean(element?.closest("main")),
      visibleRing: element?.matches(":focus-visible") ?? false,
    };
  });
}

/** Enter on the focused link; resolves once the next page is settled. */
async function follow(page: Page, path: string | RegExp) {
  await page.keyboard.press("Enter");
  await page.waitForURL(typeof path === "string" ? suite.baseUrl + path : path);
  await waitForSettledPage(page);
}

async function back(page: Page, path: string) {
  await page.goBack();
  await page.waitForURL(suite.baseUrl + path);
  await waitForSettledPage(page);
}

/** The new page's h1 has focus and was the last thing the screen reader said. */
async function expectPageAnnounced(page: Page, title: string) {
  await expect.poll(() => focused(page)).toMatchObject({ tag: "h1", text: title, inMain: true });
  await expect
    .poll(async () => (await spokenPhrases(page)).at(-1))
    .toBe(`heading, ${title}, level 1`);
}

test("keyboard: header links, a card and Next project move focus to the new page's heading, and Back to the link", async () => {
  const { context, page } = await open("/", 1440);
  await startScreenReader(page);

  const culture = page.locator(".site-nav").getByRole("link", { name: navLabel("/culture") });
  await tabTo(page, culture);
  await follow(page, "/culture");
  // The header went inert and away: focus is on the culture page's own heading.
  await expectPageAnnounced(page, titles.culture);
  await back(page, "/");
  await expect.poll(() => focused(page)).toMatchObject({ tag: "a", href: "/culture" });
  expect((await spokenPhrases(page)).at(-1)).toContain(navLabel("/culture"));

  // The home page's header has no Work link: from another page's header.
  await page.goto(`${suite.baseUrl}/legal`);
  await waitForSettledPage(page);
  await startScreenReader(page);
  await tabTo(page, page.locator(".site-nav").getByRole("link", { name: navLabel("/work") }));
  await follow(page, "/work");
  await expectPageAnnounced(page, titles.work);

  // A card is named by its project first, and opens the project.
  const card = page.locator("main .project-card").first();
  const cardTitle = (await card.locator(".project-card__title").textContent())!.trim();
  await tabTo(page, card);
  expect((await spokenPhrases(page)).at(-1)).toMatch(new RegExp(`^link, ${cardTitle}`));
  const cardHref = (await card.getAttribute("href"))!;
  await follow(page, cardHref);
  await expectPageAnnounced(page, cardTitle);

  const next = page.getByRole("navigation", { name: "Next project" }).getByRole("link");
  const nextHref = (await next.getAttribute("href"))!;
  const nextTitle = await next
    .locator(".next-project__title")
    .evaluate((element) => element.firstChild?.textContent?.trim() ?? "");
  await tabTo(page, next);
  await follow(page, nextHref);
  await expectPageAnnounced(page, nextTitle);

  // Back, twice: to "Next project", then to the card, scrolled where it was.
  await back(page, cardHref);
  await expect.poll(() => focused(page)).toMatchObject({ tag: "a", href: nextHref });
  await back(page, "/work");
  await expect.poll(() => focused(page)).toMatchObject({ tag: "a", href: cardHref });
  expect((await spokenPhrases(page)).at(-1)).toMatch(new RegExp(`^link, ${cardTitle}`));
  await context.close();
});

test("Back to the culture page focuses its home link, not the header coming back inert beside it", async () => {
  const { context, page } = await open("/culture", 390);
  await startScreenReader(page);
  // The culture page has no header; its own link home is the first link to "/" after the skip link.
  const home = page.locator("main").getByRole("link", { name: /home/ }).first();
  await tabTo(page, home);
  await follow(page, "/");
  await expect.poll(() => focused(page)).toMatchObject({ tag: "h1", inMain: true });
  // Going back, the home page's header (its wordmark also links to "/") leaves inert while the
  // culture page comes in: focus goes to the link the visitor left from all the same.
  await back(page, "/culture");
  await expect.poll(() => focused(page)).toMatchObject({ tag: "a", href: "/", inMain: true });
  expect((await spokenPhrases(page)).at(-1)).toMatch(/^link, .*home/);
  await context.close();
});

test("keyboard at 390 px: a link in the menu closes it and focuses the new page's heading", async () => {
  const { context, page } = await open("/", 390);
  await startScreenReader(page);
  const menuButton = page.getByRole("button", { name: "Menu" });
  await tabTo(page, menuButton);
  await page.keyboard.press("Enter");
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  // The menu's first link takes focus; the work link is found by Tab all the same.
  const work = page.getByRole("navigation", { name: "Menu" }).getByRole("link", {
    name: navLabel("/work"),
  });
  await tabTo(page, work);
  await follow(page, "/work");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expectPageAnnounced(page, titles.work);
  await context.close();
});

test("a mouse click on a link focuses the new page's heading without a ring", async () => {
  const { context, page } = await open("/legal", 1440);
  await page
    .locator(".site-nav")
    .getByRole("link", { name: navLabel("/work") })
    .click();
  await page.waitForURL(`${suite.baseUrl}/work`);
  await waitForSettledPage(page);
  await expect
    .poll(() => focused(page))
    .toMatchObject({ tag: "h1", text: titles.work, visibleRing: false });
  // And the page was not scrolled to reach it.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});

for (const width of [390, 1440]) {
  test(`Shift+Tab from the footer to the top at ${width} px: nothing focused under the header`, async () => {
    const { context, page } = await open("/", width);
    const pages = ["/", "/work", ...(await projectWithGallery())];
    for (const path of pages) {
      if (path !== "/") {
        await page.goto(suite.baseUrl + path);
        await waitForSettledPage(page);
      }
      await page.locator("footer a").last().focus();
      const hidden: string[] = [];
      for (let presses = 0; presses < 200; presses++) {
        await page.keyboard.press("Shift+Tab");
        const state = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return { done: true, covered: null };
          if (element.classList.contains("skip-link")) return { done: true, covered: null };
          const header = document.querySelector<HTMLElement>(".site-header");
          if (!header || header.contains(element)) return { done: false, covered: null };
          // The header's own height, wherever it has slid: it comes back on scrolling up.
          const top = element.getBoundingClientRect().top;
          return {
            done: false,
            covered:
              top < header.offsetHeight - 1
                ? `${element.outerHTML.slice(0, 90)} at ${Math.round(top)}`
                : null,
          };
        });
        if (state.covered) hidden.push(state.covered);
        if (state.done) break;
      }
      expect(hidden, `${path}: focused elements under the header`).toEqual([]);
    }
    await context.close();
  });
}

/** A project page with a gallery, if the dataset has one (its slides sit low in the page). */
async function projectWithGallery(): Promise<string[]> {
  const slug = await ask<string | null>(
    BUNDLED_DATASET,
    `*[_type == "project" && hidden != true && count(modules[_type == "galleryModule"]) > 0][0].slug.current`,
  );
  return slug ? [`/work/${encodeURIComponent(slug)}`] : [];
}

test("video slides and players are named by what the video shows", async () => {
  type Video = { _type: string; isVideoPlayer: boolean | null; description: string | null };
  const docs = await ask<{ path: string; gallery: Video[] | null; players: Video[] | null }[]>(
    BUNDLED_DATASET,
    `*[_type in ["project", "culturePage"] && hidden != true && !(_id in path("drafts.**"))]{
      "path": select(_type == "culturePage" => "/culture", "/work/" + slug.current),
      "gallery": modules[_type == "galleryModule"][0].items[]{ _type, isVideoPlayer, description },
      "players": modules[_type == "mediaModule"].media[][_type == "mainVideo" && isVideoPlayer]{
        _type, isVideoPlayer, description
      }
    }`,
  );
  const names = docs.flatMap(({ path, gallery, players }) => [
    ...(gallery ?? []).flatMap((item, index) =>
      item._type === "mainVideo" && !item.isVideoPlayer && item.description
        ? [
            {
              path,
              name: `Open ${index + 1} of ${gallery!.length}: Looping video: ${item.description}`,
            },
          ]
        : [],
    ),
    ...(players ?? []).flatMap((item) =>
      item.description ? [{ path, name: `Play video: ${item.description}` }] : [],
    ),
  ]);
  expect(names.length, "the dataset describes some videos").toBeGreaterThan(0);
  const { context, page } = await open(names[0]!.path, 1440);
  for (const { path, name } of names) {
    if (new URL(page.url()).pathname !== path) {
      await page.goto(suite.baseUrl + path);
      await waitForSettledPage(page);
    }
    await expect(page.getByRole("button", { name, exact: true }).first(), name).toBeAttached();
  }
  await context.close();
});
