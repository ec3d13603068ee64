import { expect, test } from "./support/test";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { startNetlifyLikeCdn } from "./support/netlify-cdn";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";

/**
 * A reload right after a publish the tab showed live (docs/decisions/092-reload-after-live.md):
 * a cache in front may still hold the page from before it (the webhook's purge not yet done,
 * nginx's moment), and the tab must not flip back to it. Behind a CDN that keeps every page
 * until purged, and no webhook, the reloaded page asks past it for the event it last heard.
 */
test.describe("a reload after a publish shown live, behind a cache not yet purged", () => {
  let fake: FakeSanity;
  let server: RunningServer;
  let cdn: Awaited<ReturnType<typeof startNetlifyLikeCdn>>;

  test.beforeAll(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
    server = await startServer(fake.siteEnv);
    await waitUntilReady(server.url);
    cdn = await startNetlifyLikeCdn(server.url);
  });
  test.afterAll(async () => {
    await cdn?.close();
    await server?.stop();
    await fake?.close();
  });

  test("shows the publish again, not the kept page from before it", async ({ page }) => {
    const { published } = await loadDataset(BUNDLED_DATASET);
    const project = published.find(
      (doc) => doc._type === "project" && doc.hidden !== true && doc.slug,
    ) as Record<string, unknown> & { _id: string; _type: string; slug: { current: string } };
    const path = `/work/${project.slug.current}`;
    const heading = page.locator("h1");
    const eventIds: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      const id = url.searchParams.get("lastLiveEventId");
      if (url.pathname.endsWith(".data") && id) eventIds.push(id);
    });

    const listening = fake.live.opened();
    await page.goto(cdn.url + path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(() => fake.live.opened()).toBe(listening + 1);

    const title = `Published before a reload ${Date.now()}`;
    const id = fake.publish({ ...project, title });
    await expect(heading).toHaveText(title);

    // The CDN replays the document from before the publish...
    const reloaded = await page.reload();
    expect(await reloaded?.text(), "the kept page is the one from before").not.toContain(title);
    // ...and the page, once hydrated, asks past it for the event it showed.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(heading).toHaveText(title);
    expect(eventIds.filter((eventId) => eventId === id).length).toBeGreaterThanOrEqual(2);
  });

  test("a tab that heard nothing asks nothing more after a load", async ({ page }) => {
    const data: string[] = [];
    page.on("request", (request) => {
      // The page's own data requests: fetches (a focused link's prefetch is not one).
      const url = new URL(request.url());
      if (request.resourceType() === "fetch" && url.pathname.endsWith(".data")) data.push(url.href);
    });
    const listening = fake.live.opened();
    await page.goto(cdn.url + "/work");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(() => fake.live.opened()).toBe(listening + 1);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(() => fake.live.opened()).toBe(listening + 2);
    expect(data, "no revalidation without a publish heard").toEqual([]);
  });
});
