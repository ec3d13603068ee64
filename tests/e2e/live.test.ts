import path from "node:path";
import type { Browser, BrowserContext, Page } from "./support/test";
import { expect, test } from "./support/test";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { BUNDLED_DATASET } from "../support/dataset";
import { mediaRoutes } from "./support/media";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";
import { sendWebhook as webhook } from "./support/webhook";

const WEBHOOK_SECRET = "e2e-live-webhook-secret";
type Doc = Record<string, unknown> & { _id: string; _type: string };

/**
 * Live content (docs/caching.md, "Live") against a local fake of Sanity's API and its Live
 * Content API: an open page shows a publish without a reload. The fake's stream is in order,
 * so a test that must show nothing happened follows its event with one that does something
 * and waits for that.
 */
test.describe("live content on Sanity", () => {
  let fake: FakeSanity;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let project: Doc;
  let projectPath: string;

  /** Publishes as Sanity does: the document changes and the stream says so; the webhook follows. */
  async function publish(doc: Doc, { webhook = true } = {}) {
    const id = fake.publish(doc);
    if (webhook) await sendWebhook(doc);
    return id;
  }
  async function sendWebhook({ _id, _type, slug }: Doc) {
    const response = await webhook(server.url, WEBHOOK_SECRET, { _id, _type, slug });
    expect(response.status).toBe(200);
  }

  /** A tab on `path`, hydrated and listening; with the requests it makes from then on. */
  async function open(path: string) {
    const listening = fake.live.opened();
    const page = await context.newPage();
    const documents: string[] = [];
    const data: URL[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
      // The page's own data requests: fetches. A focused link's prefetch of the page it leads
      // to (<link rel="prefetch">, made again when the page re-renders) is not one.
      const url = new URL(request.url());
      if (request.resourceType() === "fetch" && url.pathname.endsWith(".data")) data.push(url);
    });
    await page.goto(server.url + path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(() => fake.live.opened()).toBe(listening + 1);
    documents.length = 0;
    return { page, documents, data };
  }
  const heard = (page: Page, id: string) =>
    expect(page.locator("html")).toHaveAttribute("data-live-event", id);

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    fake = await startFakeSanity(BUNDLED_DATASET);
    // Videos as the Studio's Mux plugin uploads them (a static `highest.mp4`, no `mp4_support`):
    // the page plays MP4s.
    fake.setDocuments((docs) =>
      docs.map((doc) =>
        doc._type === "mux.videoAsset"
          ? {
              ...doc,
              data: {
                ...(doc.data as object),
                mp4_support: undefined,
                static_renditions: {
                  status: "ready",
                  files: [{ name: "highest.mp4", ext: "mp4", status: "ready" }],
                },
              },
            }
          : doc,
      ),
    );
    server = await startServer({
      ...fake.siteEnv,
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    await waitUntilReady(server.url);
    const { published } = await loadDataset(BUNDLED_DATASET);
    const work = published.find((doc) => doc._id === "workPage") as
      { projects?: { _ref: string }[] } | undefined;
    const visible = published.filter(
      (doc) => doc._type === "project" && doc.hidden !== true && doc.slug,
    );
    project = (visible.find((doc) => doc._id === work?.projects?.[0]?._ref) ?? visible[0]) as Doc;
    projectPath = `/work/${(project.slug as { current: string }).current}`;
  });
  test.beforeEach(async () => {
    context = await browser.newContext();
  });
  test.afterEach(async () => {
    await context.close();
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("a publish shows on an open project page and on /work in another tab, in place", async () => {
    const html = await (await fetch(server.url + projectPath)).text();
    expect(html, "the live chunk loads after hydration, not with the page").not.toContain(
      "LiveContent",
    );
    const projectTab = await open(projectPath);
    const workTab = await open("/work");
    const { page } = projectTab;
    // The keyboard on the last link of the page, which scrolls it into view.
    await page.locator("main a").last().focus();
    await page.evaluate(() => {
      (document.activeElement as HTMLElement).dataset.focusedBefore = "";
    });
    // Where the reader is: scrolled down, the link at this height on screen. A longer title
    // above may push the page down; the browser's scroll anchoring keeps the link in place.
    const onScreen = () => page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    const before = await onScreen();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const title = `Published live ${Date.now()}`;
    // The event before the webhook: the page must get past every cache by itself.
    const id = await publish({ ...project, title }, { webhook: false });
    await expect(page.locator("h1")).toHaveText(title);
    await expect(workTab.page.getByText(title)).toBeVisible();
    await sendWebhook(project);

    expect(projectTab.documents, "no document load").toEqual([]);
    expect(workTab.documents, "no document load").toEqual([]);
    expect(projectTab.data.at(-1)?.searchParams.get("lastLiveEventId")).toBe(id);
    expect(await onScreen(), "the scroll kept").toBeCloseTo(before, 0);
    expect(
      await page.evaluate(() => document.activeElement?.hasAttribute("data-focused-before")),
      "the focus kept",
    ).toBe(true);
  });

  test("a section the editor inverts, or turns back, flips the open page as it is published", async () => {
    const modules = project.modules as { _key: string; inverted?: boolean }[];
    const index = modules.findIndex((module) => !module.inverted);
    expect(index, "the project has a section that is not inverted").toBeGreaterThanOrEqual(0);
    const { page } = await open(projectPath);
    const section = page.locator("main section.module").nth(index);
    await section.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "light");
    const invert = (inverted: boolean) =>
      publish({
        ...project,
        modules: modules.map((module, at) => (at === index ? { ...module, inverted } : module)),
      });
    await invert(true);
    await expect(section, "the section is inverted in place").toHaveAttribute("data-inverted");
    await expect(html, "the page flips while it is on screen").toHaveAttribute(
      "data-theme",
      "dark",
    );
    await invert(false);
    await expect(html, "and back").toHaveAttribute("data-theme", "light");
    await publish(project);
  });

  test("an open menu stays open while the page under it updates", async () => {
    const { page, documents } = await open("/work");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("html")).toHaveClass(/\bmenu-open\b/);
    const { published } = await loadDataset(BUNDLED_DATASET);
    const workPage = published.find((doc) => doc._id === "workPage") as Doc;
    const title = `Work, published live ${Date.now()}`;
    await publish({ ...workPage, title });
    await expect(page.locator("main h1")).toHaveText(title);
    await expect(page.locator("html")).toHaveClass(/\bmenu-open\b/);
    expect(documents).toEqual([]);
  });

  test("an open lightbox stays open, and a playing video plays on, through a publish", async () => {
    const route = (await mediaRoutes()).find(
      (candidate) =>
        candidate.type === "project" && candidate.galleries.length > 0 && candidate.videos.length,
    );
    expect(route, "a project with a gallery and a video in the bundled dataset").toBeDefined();
    const { published } = await loadDataset(BUNDLED_DATASET);
    const slug = route!.path.split("/").pop();
    const doc = published.find(
      (candidate) =>
        candidate._type === "project" && (candidate.slug as { current?: string })?.current === slug,
    ) as Doc;
    const { page } = await open(route!.path);
    // Mux, as the site on Sanity asks it, answered in Chromium from the bundled files.
    await page.route(/^https:\/\/(stream|image)\.mux\.com\//, (request) => {
      const [id, file] = new URL(request.request().url()).pathname.slice(1).split("/");
      const ext = file?.endsWith(".mp4") ? "mp4" : "jpg";
      return request.fulfill({ path: path.join(BUNDLED_DATASET, "videos", `${id}.${ext}`) });
    });
    // The page's video player, started by its visitor.
    await page
      .getByRole("button", { name: /^Play video: / })
      .first()
      .click();
    const video = page.locator("main video:not([loop])").first();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => (v.dataset.before = String(v.currentTime)));
    await page
      .locator(".gallery")
      .first()
      .getByRole("button", { name: /^Open 1 of/ })
      .click();
    const dialog = page.locator("dialog.lightbox[open]");
    await expect(dialog).toBeVisible();
    const count = await dialog.locator(".lightbox__count").textContent();

    const title = `Published under a lightbox ${Date.now()}`;
    await publish({ ...doc, title });
    await expect(page.locator("main h1")).toHaveText(title);
    await expect(dialog, "the lightbox stays open").toBeVisible();
    await expect(dialog.locator(".lightbox__count")).toHaveText(count ?? "");
    // The same element (its mark kept), further on, not restarted.
    const after = await video.evaluate((v: HTMLVideoElement) => ({
      before: Number(v.dataset.before),
      now: v.currentTime,
      paused: v.paused,
    }));
    expect(after.now, "the video did not start over").toBeGreaterThan(after.before);
    expect(after.paused, "the video still plays").toBe(false);
  });

  test("an event with other tags refetches nothing; restart refetches once", async () => {
    const { page, data } = await open(projectPath);
    const unrelated = fake.live.message(["s1:nothing-on-this-page"]);
    await heard(page, unrelated);
    expect(data, "no data request").toEqual([]);

    fake.live.restart();
    await expect.poll(() => data.length).toBe(1);
    expect(data[0]?.searchParams.has("lastLiveEventId")).toBe(false);
  });

  test("a dropped stream reconnects, and what came meanwhile shows", async () => {
    const { page } = await open(projectPath);
    // Published with no event this page heard (the stream's own message lost), and the server's
    // cache purged, all before the drop: the reconnect, whenever it comes, must show it.
    const title = `Published while dropped ${Date.now()}`;
    fake.setDocuments((docs) => [
      ...docs.filter((doc) => doc._id !== project._id),
      { ...project, title },
    ]);
    await sendWebhook(project);
    fake.live.drop();
    // Back on the stream, the page revalidates once for what it may have missed.
    await expect.poll(() => fake.live.open()).toBe(1);
    await expect(page.locator("h1")).toHaveText(title);

    const next = `Published after the drop ${Date.now()}`;
    await publish({ ...project, title: next });
    await expect(page.locator("h1")).toHaveText(next);
  });

  test("after a goaway the page listens again, and revalidates once for what it missed", async () => {
    const { page, data } = await open(projectPath);
    fake.live.goaway("too many connections");
    await expect.poll(() => fake.live.open()).toBe(0);
    await expect.poll(() => fake.live.open()).toBe(1);
    await expect.poll(() => data.length).toBe(1);
    const title = `Published after a goaway ${Date.now()}`;
    await publish({ ...project, title });
    await expect(page.locator("h1")).toHaveText(title);
  });

  test("a hidden tab waits until it is shown", async () => {
    const { page, data } = await open(projectPath);
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => (value ? "hidden" : "visible"),
        });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await setHidden(true);
    const before = await page.locator("h1").textContent();
    const title = `Published while hidden ${Date.now()}`;
    const id = await publish({ ...project, title });
    await heard(page, id);
    expect(data, "nothing fetched while hidden").toEqual([]);
    await expect(page.locator("h1")).toHaveText(before ?? "");

    await setHidden(false);
    await expect(page.locator("h1")).toHaveText(title);
    expect(data).toHaveLength(1);
  });
});

test.describe("no live content on the bundled dataset in production", () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({});
    await waitUntilReady(server.url);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("loads no live code and opens no connection", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.resourceType()} ${request.url()}`));
    await page.goto(`${server.url}/work`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // What loads after hydration has loaded (the cursor, the page transition).
    await page.waitForLoadState("networkidle");
    expect(requests.filter((line) => /LiveContent|^eventsource /.test(line))).toEqual([]);
    expect(await page.content()).not.toContain("live/events");
  });
});
