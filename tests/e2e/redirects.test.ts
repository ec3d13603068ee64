import { planSlugChange } from "../../app/lib/slug-change";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";
import { sendWebhook } from "./support/webhook";
import { clientNavigate } from "./support/browser";
import { expect, test } from "./support/test";

/**
 * The editors' redirects (docs/content-model.md, "Redirects") as visitors meet
 * them: the bundled dataset has an old URL scheme (/case-studies, /projects/havbro),
 * a renamed project (/work/nota) and an external, temporary one (/careers).
 */
const manual = (url: string) => fetch(url, { redirect: "manual" });

test.describe("a request for a redirect's source", () => {
  test("is answered before routing: status, Location and the query string kept", async ({
    baseUrl,
  }) => {
    const cases = [
      // An old URL scheme to a singleton page, permanent.
      ["/case-studies?utm_source=print", 308, "/work?utm_source=print"],
      // Matching ignores letter case and a trailing slash; a project resolves to /work/{slug}.
      ["/Projects/Havbro/", 308, "/work/havbro-ferries"],
      // A renamed project.
      ["/work/nota?ref=a&b=2", 308, "/work/nota-money-app?ref=a&b=2"],
      // Elsewhere, and temporary.
      ["/careers?from=site", 307, "https://careers.lintur.example/reykjavik?from=site"],
    ] as const;
    for (const [path, status, location] of cases) {
      const response = await manual(baseUrl + path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("Location"), path).toBe(location);
      expect(await response.text(), `${path}: no body`).toBe("");
    }
  });

  test("is cached like a page, under the redirect's tags; with a query or another spelling, by no shared cache", async ({
    baseUrl,
  }) => {
    const plain = await manual(`${baseUrl}/case-studies`);
    expect(plain.status).toBe(308);
    expect(plain.headers.get("Netlify-CDN-Cache-Control")).toMatch(/^public, durable, s-maxage=/);
    expect(plain.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["site", "redirect", "redirect-case-studies"]),
    );
    expect(plain.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Its Location carries the query string: random queries must not each take a cache entry.
    for (const query of ["cached=1", `x=${Math.random().toString(36).slice(2)}`]) {
      const other = await manual(`${baseUrl}/case-studies?${query}`);
      expect(other.headers.get("Location")).toBe(`/work?${query}`);
      expect(other.headers.get("Cache-Control")).toBe("private, no-store");
      expect(other.headers.get("Netlify-CDN-Cache-Control")).toBeNull();
    }
    // It matches in any case, encoding and trailing slash: each other spelling would be an entry.
    for (const spelling of ["/cAsE-sTuDiEs", "/%63ase-studies", "/case-studies///"]) {
      const other = await manual(baseUrl + spelling);
      expect(other.status, spelling).toBe(308);
      expect(other.headers.get("Location"), spelling).toBe("/work");
      expect(other.headers.get("Cache-Control"), spelling).toBe("private, no-store");
      expect(other.headers.get("Netlify-CDN-Cache-Control"), spelling).toBeNull();
    }
  });
});

test.describe("a client navigation to a redirect's source", () => {
  test("lands on an internal destination without a reload", async ({ browser, baseUrl }) => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/work`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await clientNavigate(page, "/work/nota");
    await expect(page).toHaveURL(`${baseUrl}/work/nota-money-app`);
    await expect(page.locator("main h1")).toContainText("Money, calmly");
    expect(documents, "no document was loaded").toEqual([]);
    await page.close();
  });

  test("makes a full navigation to an external destination", async ({ browser, baseUrl }) => {
    const page = await browser.newPage();
    // The address elsewhere answered here: tests reach only loopback.
    await page.route("https://careers.lintur.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Careers</title><h1>Careers</h1>" }),
    );
    await page.goto(`${baseUrl}/work`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await clientNavigate(page, "/careers").catch(() => undefined); // the page unloads under it
    await expect(page).toHaveURL("https://careers.lintur.example/reykjavik");
    await expect(page.locator("h1")).toHaveText("Careers");
    expect(documents).toEqual(["https://careers.lintur.example/reykjavik"]);
    await page.close();
  });
});

const WEBHOOK_SECRET = "e2e-redirects-webhook-secret";

test.describe("publishing redirects", () => {
  let server: RunningServer;
  let dataset: Awaited<ReturnType<typeof copyDataset>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataset = await copyDataset(BUNDLED_DATASET);
    server = await startServer({ CONTENT_DIR: dataset.dir, SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    // Not about the first hit, which loads the dataset (on a loaded machine, past the deadline).
    await waitUntilReady(server.url);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** The publish webhook Sanity sends for a changed document. */
  async function published(doc: { _id: string; _type: string }) {
    expect((await sendWebhook(server.url, WEBHOOK_SECRET, doc)).status).toBe(200);
  }

  test("a new redirect is live once its publish webhook arrives", async () => {
    const before = await manual(`${server.url}/journal`);
    expect(before.status).toBe(404);
    await dataset.add({
      _id: "redirect-journal",
      _type: "redirect",
      source: "/journal",
      destination: {
        _type: "redirectDestination",
        type: "internalLink",
        page: { _ref: "culturePage", _type: "reference" },
      },
      permanent: false,
    });
    await published({ _id: "redirect-journal", _type: "redirect" });
    const after = await manual(`${server.url}/journal?issue=3`);
    expect(after.status).toBe(307);
    expect(after.headers.get("Location")).toBe("/culture?issue=3");
  });

  test("a project published under a new slug keeps its old address", async () => {
    const oldPath = "/work/ice-ledger";
    expect((await manual(server.url + oldPath)).status).toBe(200);
    // What the Studio's publish action writes (studio/src/actions/publishWithRedirect.ts).
    const plan = planSlugChange({
      projectId: "project-ice-ledger",
      publishedSlug: "ice-ledger",
      nextSlug: "ice-ledger-banking",
      redirects: [],
    });
    expect(plan).not.toBeNull();
    await dataset.edit(plan!.create.destination.page._ref, (doc) => ({
      ...doc,
      slug: { _type: "slug", current: "ice-ledger-banking" },
    }));
    await dataset.add(plan!.create);
    await published({ _id: plan!.create._id, _type: "redirect" });
    await published({ _id: plan!.create.destination.page._ref, _type: "project" });

    const old = await manual(server.url + oldPath);
    expect(old.status).toBe(308);
    expect(old.headers.get("Location")).toBe("/work/ice-ledger-banking");
    expect((await manual(`${server.url}/work/ice-ledger-banking`)).status).toBe(200);
  });

  test("a redirect to the site's own address never leaves the site (issue 46)", async () => {
    const siteUrl = await ask<string>(dataset.dir, `*[_id == "general"][0].siteUrl`);
    const targets = [`${siteUrl}//evil.test`, `${siteUrl}/\\evil.test`, `${siteUrl}/.//evil.test`];
    for (const [n, href] of targets.entries()) {
      await dataset.add({
        _id: `redirect-own-origin-${n}`,
        _type: "redirect",
        source: `/own-origin-${n}`,
        destination: { _type: "redirectDestination", type: "externalLink", href },
        permanent: false,
      });
    }
    await published({ _id: "redirect-own-origin-0", _type: "redirect" });
    for (const n of targets.keys()) {
      const answer = await manual(`${server.url}/own-origin-${n}`);
      expect(answer.headers.get("Location"), targets[n]).toBeNull();
      expect(answer.status, targets[n]).toBe(404);
    }
  });

  test("a redirect to an address typed in any script reaches it, spelled as a header holds it", async () => {
    await dataset.add({
      _id: "redirect-unicode",
      _type: "redirect",
      source: "/menu",
      destination: {
        _type: "redirectDestination",
        type: "externalLink",
        href: "https://café.example/menü/中文?q=é",
      },
      permanent: false,
    });
    await published({ _id: "redirect-unicode", _type: "redirect" });
    const answer = await manual(`${server.url}/menu`);
    expect(answer.status).toBe(307);
    expect(answer.headers.get("Location")).toBe(
      "https://xn--caf-dma.example/men%C3%BC/%E4%B8%AD%E6%96%87?q=%C3%A9",
    );
  });

  test("a redirect away from a live page takes that page out of the sitemap", async () => {
    const listed = async () =>
      (await (await fetch(`${server.url}/sitemap.xml`)).text()).includes("/legal</loc>");
    expect(await listed()).toBe(true);
    await dataset.add({
      _id: "redirect-legal-moved",
      _type: "redirect",
      source: "/legal",
      destination: {
        _type: "redirectDestination",
        type: "externalLink",
        href: "https://legal.lintur.example/",
      },
      permanent: true,
    });
    await published({ _id: "redirect-legal-moved", _type: "redirect" });
    expect((await manual(`${server.url}/legal`)).headers.get("Location")).toBe(
      "https://legal.lintur.example/",
    );
    expect(await listed()).toBe(false);
  });
});
