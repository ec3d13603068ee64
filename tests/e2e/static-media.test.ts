import { readFileSync } from "node:fs";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import path from "node:path";
import { expect, test } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { mediaRoutes } from "./support/media";
import { waitUntilReady } from "./support/ready";
import { startServer } from "./support/server";

/**
 * The bundled dataset's images and posters are static files the build made, the set the pages
 * ask for (docs/decisions/054-image-renditions.md): every file a page names answers 200 from it,
 * and no request makes the server cut an image. Any other path under /media/ is a plain 404,
 * with no page render (issue 46, findings 1 and 4).
 */

/** Every /media/ URL a page's HTML names: src, srcset (and the preload's imagesrcset), href. */
function mediaUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [, value] of html.matchAll(/(?:src|srcset|srcSet|imagesrcset|href)="([^"]+)"/g)) {
    for (const candidate of value!.replaceAll("&amp;", "&").split(", ")) {
      const url = candidate.trim().split(" ")[0]!;
      if (url.startsWith("/media/")) urls.add(url);
    }
  }
  return [...urls];
}

type Photo = { url: string; width: number; height: number };

/** A photo of the dataset and a video's playback id, and the old transform URLs for them. */
async function floodUrls() {
  const photo = (
    await ask<Photo[]>(
      BUNDLED_DATASET,
      `*[_type == "sanity.imageAsset" && extension == "jpg" && metadata.dimensions.width >= 2000]
        { url, "width": metadata.dimensions.width, "height": metadata.dimensions.height }`,
    )
  )[0]!;
  const [video] = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
  const cut = photo.url.replace("/local/bundled/", "/").replace(/\.\w+$/, "");
  const random = (n: number) => 1 + Math.floor(Math.random() * n);
  return () => {
    const [l, t, w, h] = [random(9), random(9), photo.width - 20, photo.height - 20];
    // An odd height: never a cut the site makes (400×500 is 4:5).
    const ratio = 399 + 2 * random(100);
    return [
      // Today's transform URLs (issue 46): a new rect, a new poster ratio, each time.
      `${photo.url}?rect=${l},${t},${w},${h}&w=2400`,
      `/media/videos/${video}.webp?w=400&h=${ratio}&fit=crop`,
      // The static names, with a rect or a ratio no page asks for.
      `${cut}/${l},${t},${w},${h}/${random(2400)}x${random(1350)}.webp`,
      `/media/videos/${video}/400x${ratio}.webp`,
    ];
  };
}

test.describe("the bundled dataset's media, static files", () => {
  test("every file a page names answers 200 from the static set, images immutable", async ({
    baseUrl,
  }) => {
    test.setTimeout(120_000);
    const urls = new Set<string>();
    for (const route of await mediaRoutes()) {
      const response = await fetch(baseUrl + route.path);
      expect(response.status, route.path).toBe(200);
      for (const url of mediaUrls(await response.text())) urls.add(url);
    }
    expect(urls.size).toBeGreaterThan(100);
    const faults: string[] = [];
    for (const url of urls) {
      const response = await fetch(baseUrl + url, { method: "HEAD" });
      if (response.status !== 200) faults.push(`${url}: ${response.status}`);
      else if (
        url.startsWith("/media/images/") &&
        response.headers.get("Cache-Control") !== "public, max-age=31536000, immutable"
      ) {
        faults.push(`${url}: ${response.headers.get("Cache-Control")}`);
      }
    }
    expect(faults).toEqual([]);
  });

  test("makes no file on request: the old transform URLs and any other cut are a plain 404", async ({
    baseUrl,
  }) => {
    const next = await floodUrls();
    for (const url of [...next(), ...next(), "/media/nope-x", "/media/images/nope"]) {
      const response = await fetch(baseUrl + url);
      expect(response.status, url).toBe(404);
      // Plain text: no page was rendered.
      expect(response.headers.get("Content-Type"), url).toMatch(/^text\/plain/);
      expect(await response.text(), url).not.toContain("<html");
    }
    // The asset's own file is static only where a page names it (the favicon, the JSON-LD logo).
    const [favicon] = await ask<string[]>(
      BUNDLED_DATASET,
      `*[_id == "general"].favicon.asset->url`,
    );
    const stored = readFileSync(
      path.join(
        BUNDLED_DATASET,
        "images",
        await ask<string>(
          BUNDLED_DATASET,
          `*[_id == "general"][0].favicon.asset->originalFilename`,
        ),
      ),
    );
    const own = await fetch(`${baseUrl}${favicon}?w=64&h=64&fit=crop&fm=png`);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(stored)).toBe(true);
  });

  test("a flood of made-up image URLs beside a visitor: the visitor's pages and images all answer 200", async () => {
    test.setTimeout(120_000);
    // A server of its own: the flood must not slow the shared server's other tests.
    const server = await startServer();
    try {
      await waitUntilReady(server.url);
      const next = await floodUrls();
      const routes = (await mediaRoutes()).slice(0, 2);
      const statuses = new Map<number, number>();
      let stop = false;
      // Eight clients, each sending one URL after another until the visitor is done.
      const flood = Array.from({ length: 8 }, async () => {
        while (!stop) {
          for (const url of next()) {
            const response = await fetch(server.url + url);
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }
      });
      const visitor: string[] = [];
      try {
        for (const route of routes) {
          const page = await fetch(server.url + route.path);
          visitor.push(`${route.path} ${page.status}`);
          for (const url of mediaUrls(await page.text())) {
            const file = await fetch(server.url + url);
            await file.arrayBuffer();
            visitor.push(`${url} ${file.status}`);
          }
        }
      } finally {
        stop = true;
        await Promise.all(flood);
      }
      expect(visitor.filter((line) => !line.endsWith(" 200"))).toEqual([]);
      expect(visitor.length).toBeGreaterThan(20);
      // Every flood request found no file, and none was made.
      expect([...statuses.keys()]).toEqual([404]);
      expect(server.logs.filter((line) => line.includes("[media]"))).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  test("a publish that cuts an image anew is served with its files: made before the reload answers", async () => {
    test.setTimeout(120_000);
    const secret = "static-media-webhook-secret";
    const site = await copyDataset(BUNDLED_DATASET);
    const server = await startServer({ CONTENT_DIR: site.dir, SANITY_WEBHOOK_SECRET: secret });
    try {
      await waitUntilReady(server.url, "/work");
      const [project] = await ask<{ _id: string }[]>(
        BUNDLED_DATASET,
        `*[_type == "project" && thumbnail[0]._type == "mainImage" && hidden != true][0...1]{ _id }`,
      );
      // The editor crops the card's image anew: every cut of that card is a new file.
      const before = mediaUrls(await (await fetch(`${server.url}/work`)).text());
      await site.edit(project!._id, (doc) => {
        const [item, ...rest] = doc.thumbnail as Record<string, Record<string, unknown>>[];
        const image = {
          ...item!.image,
          crop: { left: 0.11, top: 0.07, right: 0.05, bottom: 0.03 },
        };
        return { ...doc, thumbnail: [{ ...item, image }, ...rest] };
      });
      const body = JSON.stringify({ _id: project!._id, _type: "project" });
      const published = await fetch(`${server.url}/api/revalidate`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), secret),
        },
        body,
      });
      expect(published.status).toBe(200);
      const after = mediaUrls(await (await fetch(`${server.url}/work`)).text());
      const cut = after.filter((url) => !before.includes(url));
      expect(cut.length).toBeGreaterThan(0);
      for (const url of after) {
        expect((await fetch(server.url + url, { method: "HEAD" })).status, url).toBe(200);
      }
    } finally {
      await server.stop();
    }
  });
});
