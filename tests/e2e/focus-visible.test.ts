import sharp from "sharp";
import { mediaRoutes } from "./support/media";
import { shellSuite, waitForSettledPage } from "./support/shell";
import { expect, test, type Locator, type Page } from "./support/test";
import { waitForAnimations } from "./support/browser";

// Focus that shows on every control, in both colour schemes and on the blue menu; icons that
// keep their ink in forced colours. One h1 per page: media.test.ts.

test.describe.configure({ mode: "parallel" });

const suite = shellSuite();
const routes = await mediaRoutes();
const playerPath = routes.find((route) => route.videos.some((item) => item.isVideoPlayer))?.path;
const loopingGalleryPath = routes.find((route) =>
  route.galleries.some((items) =>
    items.some((item) => item._type === "mainVideo" && !item.isVideoPlayer),
  ),
)?.path;
const heroLoopPath = routes.find((route) => route.videos.some((item) => !item.isVideoPlayer))?.path;

type Clip = { x: number; y: number; width: number; height: number };

async function open(path: string, width: number, options: { forcedColors?: boolean } = {}) {
  const context = await suite.browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: "reduce",
    forcedColors: options.forcedColors ? "active" : "none",
  });
  const page = await context.newPage();
  await page.goto(suite.baseUrl + path);
  await waitForSettledPage(page);
  return { context, page };
}

/** The element's box and a margin round it (where an outline is drawn), inside the window. */
async function around(target: Locator, margin: number): Promise<Clip> {
  const box = (await target.boundingBox())!;
  const viewport = target.page().viewportSize()!;
  // Whole pixels: the screenshot's rows and columns are then the clip's.
  const x = Math.max(0, Math.floor(box.x - margin));
  const y = Math.max(0, Math.floor(box.y - margin));
  return {
    x,
    y,
    width: Math.min(viewport.width, Math.ceil(box.x + box.width + margin)) - x,
    height: Math.min(viewport.height, Math.ceil(box.y + box.height + margin)) - y,
  };
}

async function pixels(page: Page, clip: Clip) {
  const png = await page.screenshot({ clip, animations: "disabled", caret: "hide" });
  return sharp(png).removeAlpha().raw().toBuffer();
}

function differing(a: Buffer, b: Buffer) {
  let count = 0;
  for (let index = 0; index < a.length; index += 3) {
    const distance =
      Math.abs(a[index]! - b[index]!) +
      Math.abs(a[index + 1]! - b[index + 1]!) +
      Math.abs(a[index + 2]! - b[index + 2]!);
    if (distance > 60) count += 1;
  }
  return count;
}

/** Pixels far from the clip's most common colour (its background): the ink drawn on it. */
function ink(raw: Buffer, columns?: { width: number; from: number; to: number }) {
  const counts = new Map<number, number>();
  for (let index = 0; index < raw.length; index += 3) {
    const key = (raw[index]! << 16) | (raw[index + 1]! << 8) | raw[index + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const background = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const bg = [(background >> 16) & 255, (background >> 8) & 255, background & 255];
  let count = 0;
  for (let index = 0; index < raw.length; index += 3) {
    const column = columns ? (index / 3) % columns.width : 0;
    if (columns && (column < columns.from || column >= columns.to)) continue;
    const distance =
      Math.abs(raw[index]! - bg[0]!) +
      Math.abs(raw[index + 1]! - bg[1]!) +
      Math.abs(raw[index + 2]! - bg[2]!);
    if (distance > 96) count += 1;
  }
  return count;
}

/**
 * The control focused from the keyboard against the same control unfocused, pixel by pixel:
 * at least a one-pixel ring's worth of the picture changes.
 */
async function expectFocusShows(page: Page, target: Locator, name: string) {
  await expect(target, `${name} is on the page`).toHaveCount(1);
  await target.evaluate((element: Element) => element.scrollIntoView({ block: "center" }));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await waitForAnimations(page);
  const clip = await around(target, 8);
  const before = await pixels(page, clip);
  // A key press first: focus from the keyboard is the focus that must show (:focus-visible).
  await page.keyboard.press("Shift");
  await target.focus();
  await waitForAnimations(page);
  expect(
    await target.evaluate((element: Element) => element.matches(":focus-visible")),
    `${name} takes keyboard focus`,
  ).toBe(true);
  const after = await pixels(page, await around(target, 8));
  const ring = clip.width + clip.height;
  expect(differing(before, after), `${name}: pixels that change on focus`).toBeGreaterThan(ring);
}

async function switchScheme(page: Page, scheme: "light" | "dark") {
  await page.evaluate(() => window.scrollTo(0, 0));
  const toggle = page.getByRole("button", { name: "switch dark mode" });
  if (await toggle.count()) await toggle.click();
  // The culture route has no header and so no switch: its scheme is painted directly.
  else await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), scheme);
  await expect(page.locator("body")).toHaveCSS(
    "background-color",
    scheme === "dark" ? "rgb(0, 20, 137)" : "rgb(255, 255, 255)",
  );
}

/** Runs `checks` in the light scheme, then switches to dark and runs them again. */
async function lightThenDark(page: Page, checks: (scheme: string) => Promise<void>) {
  await checks("light");
  await switchScheme(page, "dark");
  await checks("dark");
}

test("focus shows on every kind of control, light and dark", async () => {
  expect(loopingGalleryPath, "the dataset has a gallery with a looping video").toBeDefined();
  expect(playerPath, "the dataset has a video player").toBeDefined();
  const { context, page } = await open("/work", 1440);
  const header = page.locator(".site-header");
  await lightThenDark(page, async (scheme) => {
    await expectFocusShows(page, header.locator(".wordmark"), `the wordmark, ${scheme}`);
    await expectFocusShows(page, header.locator(".site-nav a").first(), `a header link, ${scheme}`);
    await expectFocusShows(page, header.locator(".dark-toggle"), `the dark-mode switch, ${scheme}`);
    await expectFocusShows(
      page,
      page.locator("main .project-card").first(),
      `a project card, ${scheme}`,
    );
    await expectFocusShows(page, page.locator("footer a").first(), `a footer link, ${scheme}`);
  });

  await page.goto(suite.baseUrl + loopingGalleryPath!);
  await waitForSettledPage(page);
  const gallery = page.locator(".gallery").first();
  await lightThenDark(page, async (scheme) => {
    await expectFocusShows(
      page,
      gallery.locator(".gallery__open").first(),
      `a gallery slide, ${scheme}`,
    );
    await expectFocusShows(page, gallery.locator(".gallery__motion"), `Pause videos, ${scheme}`);
  });

  await page.goto(suite.baseUrl + playerPath!);
  await waitForSettledPage(page);
  const start = page.locator(".video__start").first();
  await lightThenDark(page, (scheme) =>
    expectFocusShows(page, start, `Play video on the poster, ${scheme}`),
  );
  await start.press("Enter");
  const video = page.locator("video.video__media[controls]").first();
  await expect(video).toBeFocused();
  // A still frame, so that only focus changes the picture.
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await expectFocusShows(page, video, "the started video, dark");
  await switchScheme(page, "light");
  await expectFocusShows(page, video, "the started video, light");
  await context.close();
});

test("focus shows on the blue menu's links and the hero's pause button", async () => {
  expect(heroLoopPath, "the dataset has a looping video").toBeDefined();
  const { context, page } = await open(heroLoopPath!, 390);
  await page.evaluate(() => document.fonts.ready);
  const toggle = page.locator(".video__toggle").first();
  await expect(toggle).toBeVisible();
  await expectFocusShows(page, toggle, "the hero's pause button");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: "Menu" }).press("Enter");
  await waitForAnimations(page);
  const links = page.getByRole("navigation", { name: "Menu" }).getByRole("link");
  for (let index = 0; index < (await links.count()); index++) {
    await expectFocusShows(page, links.nth(index), `menu link ${index + 1}`);
  }
  await context.close();
});

test("gallery arrows keep focus at the end of the row", async () => {
  const path = routes.find((route) => route.galleries.some((items) => items.length > 1))?.path;
  expect(path, "the dataset has a gallery of more than one item").toBeDefined();
  const { context, page } = await open(path!, 390);
  const gallery = page.locator(".gallery[data-scrolls]").first();
  const forward = gallery.getByRole("button", { name: "Scroll gallery forward" });
  await forward.focus();
  for (let presses = 0; presses < 30; presses++) {
    if ((await forward.getAttribute("aria-disabled")) === "true") break;
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !document.querySelector(".gallery__track:hover"));
  }
  await expect(forward).toHaveAttribute("aria-disabled", "true");
  await expect(forward, "the arrow that ended the row keeps focus").toBeFocused();
  await context.close();
});

test("forced colours: the dark-mode switch's two states differ; Menu and play marks keep their ink", async () => {
  const { context, page } = await open("/", 390, { forcedColors: true });
  // The icon's ink on its left half less that on its right: a half-filled disc turned round.
  const icon = page.locator(".dark-toggle__icon");
  const leaning = async () => {
    const clip = await around(icon, 0);
    const raw = await pixels(page, clip);
    const width = clip.width;
    const half = Math.floor(width / 2);
    return (
      ink(raw, { width, from: 0, to: half }) - ink(raw, { width, from: width - half, to: width })
    );
  };
  const off = await leaning();
  await page.getByRole("button", { name: "switch dark mode" }).click();
  await expect(page.getByRole("button", { name: "switch dark mode" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Without its focus ring: only the icon's state may tell the two apart.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await waitForAnimations(page);
  const on = await leaning();
  expect(Math.abs(off - on), "ink that tells pressed from not").toBeGreaterThan(60);
  expect(
    ink(await pixels(page, await around(page.locator(".menu-button__icon"), 0))),
    "Menu lines",
  ).toBeGreaterThan(20);

  // The play triangles: the player's, and the hero's once it is paused.
  const marks: { path: string; mark: string }[] = [];
  if (playerPath) marks.push({ path: playerPath, mark: ".video__start .video__play" });
  if (heroLoopPath) marks.push({ path: heroLoopPath, mark: ".video__toggle" });
  expect(marks.length, "the dataset has a player or a looping video").toBeGreaterThan(0);
  for (const { path, mark } of marks) {
    await page.goto(suite.baseUrl + path);
    await waitForSettledPage(page);
    const target = page.locator(mark).first();
    await target.scrollIntoViewIfNeeded();
    if (mark === ".video__toggle" && (await target.getAttribute("data-moving")) === "true") {
      await target.click();
      await expect(target).toHaveAttribute("data-moving", "false");
    }
    await waitForAnimations(page);
    // The middle of the disc, where the triangle sits.
    const box = (await target.boundingBox())!;
    const clip = {
      x: box.x + box.width * 0.3,
      y: box.y + box.height * 0.3,
      width: box.width * 0.4,
      height: box.height * 0.4,
    };
    expect(ink(await pixels(page, clip)), `${path}: the play triangle in ${mark}`).toBeGreaterThan(
      20,
    );
  }
  await context.close();
});
