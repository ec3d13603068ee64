import { expect, fixtureServerUrl, test } from "./support/test";
import { ALT_DATASET, ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { startServer, type RunningServer } from "./support/server";
import { waitUntilReady } from "./support/ready";

/**
 * What search engines read (docs/decisions/010-structured-data.md): JSON-LD on
 * every kind of page, robots.txt and the sitemap on the public address, and
 * no indexing of Netlify's deploy previews.
 */

type Node = Record<string, unknown> & { "@type": string };
type Facts = {
  siteTitle: string;
  siteUrl: string;
  projects: {
    title: string;
    slug: string;
    client: string | null;
    year: number | null;
    excerpt: string | null;
  }[];
};

const FACTS = `{
  "siteTitle": *[_id == "general"][0].siteTitle,
  "siteUrl": *[_id == "general"][0].siteUrl,
  "projects": *[_type == "project" && defined(slug.current) && !(_id in path("drafts.**"))]{
    title, "slug": slug.current, client, year, excerpt
  }
}`;

const facts = await ask<Facts>(BUNDLED_DATASET, FACTS);
const origin = facts.siteUrl.replace(/\/+$/, "");

/** Every JSON-LD node of a page, parsed as a search engine would. */
async function structuredData(url: string): Promise<Node[]> {
  const html = await (await fetch(url)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((block) => {
    const data = JSON.parse(block[1]!) as { "@context": string; "@graph": Node[] };
    expect(data["@context"]).toBe("https://schema.org");
    return data["@graph"];
  });
}

const byType = (nodes: Node[], type: string) => nodes.find((node) => node["@type"] === type);
const crumbs = (nodes: Node[]) =>
  (byType(nodes, "BreadcrumbList")?.itemListElement as { position: number; item: string }[]).map(
    (crumb) => `${crumb.position} ${crumb.item}`,
  );

test.describe("JSON-LD on every kind of page", () => {
  let shared: string;
  const baseUrl = () => shared;
  test.beforeAll(async ({ baseUrl: url }) => {
    test.setTimeout(120_000);
    shared = url;
    await waitUntilReady(shared);
  });

  test("home: the agency as an Organization, and the WebSite", async () => {
    const nodes = await structuredData(`${baseUrl()}/`);
    expect(nodes.map((node) => node["@type"])).toEqual(["Organization", "WebSite"]);
    const organization = byType(nodes, "Organization")!;
    expect(organization).toMatchObject({ name: facts.siteTitle, url: `${origin}/` });
    expect(organization.logo).toMatch(new RegExp(`^${origin}/`));
    expect(typeof organization.address).toBe("string");
    expect(byType(nodes, "WebSite")).toMatchObject({
      url: `${origin}/`,
      name: facts.siteTitle,
      publisher: { "@id": organization["@id"] },
    });
  });

  test("Work: a CollectionPage under home", async () => {
    const nodes = await structuredData(`${baseUrl()}/work`);
    expect(byType(nodes, "CollectionPage")).toMatchObject({ url: `${origin}/work` });
    expect(crumbs(nodes)).toEqual([`1 ${origin}/`, `2 ${origin}/work`]);
  });

  for (const path of ["/culture", "/legal"]) {
    test(`${path}: a WebPage under home`, async () => {
      const nodes = await structuredData(`${baseUrl()}${path}`);
      expect(byType(nodes, "WebPage")).toMatchObject({ url: `${origin}${path}` });
      expect(crumbs(nodes)).toEqual([`1 ${origin}/`, `2 ${origin}${path}`]);
    });
  }

  for (const project of facts.projects) {
    const slug = project.slug;
    test(`project ${slug}: a CreativeWork by the agency for its client, under Work`, async () => {
      const nodes = await structuredData(`${baseUrl()}/work/${slug}`);
      const work = byType(nodes, "CreativeWork")!;
      expect(work).toMatchObject({
        url: `${origin}/work/${slug}`,
        name: project.title,
        creator: { "@type": "Organization", name: facts.siteTitle },
      });
      if (project.excerpt) expect(work.description).toBe(project.excerpt);
      if (project.client)
        expect(work.sponsor).toEqual({ "@type": "Organization", name: project.client });
      if (project.year) expect(work.dateCreated).toBe(String(project.year));
      expect(work.image).toMatch(/^https?:\/\//);
      expect(crumbs(nodes)).toEqual([
        `1 ${origin}/`,
        `2 ${origin}/work`,
        `3 ${origin}/work/${slug}`,
      ]);
    });
  }

  test("not on the 404 screen", async () => {
    expect(await structuredData(`${baseUrl()}/no-such-page-xyz`)).toEqual([]);
  });
});

test.describe("content that tries to close the script", () => {
  let server: RunningServer;
  const title = `Signal </script><script>window.__pwned = 1</script> & <!-- co`;
  const slug = facts.projects[0]!.slug;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const copy = await copyDataset(BUNDLED_DATASET);
    const id = await ask<string>(
      copy.dir,
      `*[_type == "project" && slug.current == $slug][0]._id`,
      {
        slug,
      },
    );
    await copy.edit(id, (doc) => ({ ...doc, title }));
    server = await startServer({ CONTENT_DIR: copy.dir });
    await waitUntilReady(server.url);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("stays data: the JSON-LD parses to the title as written", async () => {
    const html = await (await fetch(`${server.url}/work/${slug}`)).text();
    expect(html).not.toContain("<script>window.__pwned");
    const nodes = await structuredData(`${server.url}/work/${slug}`);
    expect(byType(nodes, "CreativeWork")?.name).toBe(title);
  });
});

test.describe("robots.txt and the sitemap on another dataset", () => {
  // The shared server on the fixture dataset (tests/e2e/support/datasets.ts).
  const server = { url: fixtureServerUrl() };
  let alt: { siteUrl: string; slugs: string[] };

  test.beforeAll(async () => {
    alt = await ask(
      ALT_DATASET,
      `{
      "siteUrl": *[_id == "general"][0].siteUrl,
      "slugs": *[_type == "project" && hidden != true && seo.notIndexed != true && defined(slug.current)].slug.current
    }`,
    );
  });

  test("robots.txt names the sitemap on the site's address, not the request's", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toContain(`Sitemap: ${alt.siteUrl.replace(/\/+$/, "")}/sitemap.xml\n`);
  });

  test("the sitemap lists every indexable project on the site's address", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const base = alt.siteUrl.replace(/\/+$/, "");
    expect(locs.every((loc) => loc.startsWith(`${base}/`))).toBe(true);
    for (const slug of alt.slugs) expect(locs).toContain(`${base}/work/${slug}`);
  });

  test("falls back to the request's origin when the settings have no siteUrl", async () => {
    test.setTimeout(120_000);
    const copy = await copyDataset(ALT_DATASET);
    await copy.edit("general", ({ siteUrl: _gone, ...doc }) => doc);
    const bare = await startServer({ CONTENT_DIR: copy.dir });
    try {
      await waitUntilReady(bare.url);
      const text = await (await fetch(`${bare.url}/robots.txt`)).text();
      expect(text).toContain(`Sitemap: ${bare.url}/sitemap.xml\n`);
    } finally {
      await bare.stop();
    }
  });
});

test.describe("a Netlify deploy preview", () => {
  let server: RunningServer;
  let asset: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ CONTEXT: "deploy-preview" });
    await waitUntilReady(server.url);
    const html = await (await fetch(`${server.url}/`)).text();
    asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)![1]!;
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const cases = [
    ["a page", "/"],
    ["a data request", "/work.data"],
    ["a resource route", "/sitemap.xml"],
    ["a static asset", () => asset],
  ] as const;
  for (const [kind, path] of cases) {
    test(`answers X-Robots-Tag: noindex on ${kind}`, async () => {
      const response = await fetch(server.url + (typeof path === "function" ? path() : path));
      expect(response.ok).toBe(true);
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    });
  }

  test("while the production site does not", async ({ baseUrl }) => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get("X-Robots-Tag")).toBeNull();
  });
});
