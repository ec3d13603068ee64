import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BUNDLED_DATASET } from "../../tests/support/dataset";
import { copyDataset } from "../../tests/support/temp-dataset";
import { getContentSource } from "./content/source.server";
import { queries } from "~/lib/content/queries";
import { SINGLETONS } from "~/lib/content/singletons";
import { MAX_BODY_BYTES } from "~/lib/http.server";
import { handleRevalidate, tagsFor } from "./revalidate.server";

const SECRET = "webhook-secret-for-tests";
process.env.SANITY_WEBHOOK_SECRET = SECRET;

async function signedRequest(body: string, { timestamp = Date.now(), secret = SECRET } = {}) {
  return new Request("http://localhost/api/revalidate", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, timestamp, secret),
    },
    body,
  });
}

describe("tagsFor", () => {
  it("maps a changed document to the tags pages carry", () => {
    expect(tagsFor({ _id: "drafts.p-1", _type: "project" })).toEqual(["p-1", "project"]);
    expect(tagsFor({ _id: "general", _type: "general" })).toEqual(["general"]);
    expect(tagsFor({ _id: "legalPage", _type: "legalPage" })).toEqual(["legalPage"]);
    expect(tagsFor({ _id: "image-abc", _type: "sanity.imageAsset" })).toEqual([
      "image-abc",
      "site",
    ]);
    // A redirect: its cached table, and every page (any path may now redirect).
    expect(tagsFor({ _id: "redirect-x", _type: "redirect" })).toEqual([
      "redirect-x",
      "redirect",
      "site",
    ]);
  });

  it("purges every tag a query carries when a document of its kind changes", () => {
    const purgeable = new Set(
      ["project", "redirect", ...Object.keys(SINGLETONS)].flatMap((type) =>
        tagsFor({ _id: `${type}-1`, _type: type }),
      ),
    );
    for (const [name, { tags }] of Object.entries(queries)) {
      for (const tag of tags) expect(purgeable.has(tag), `${name}: ${tag}`).toBe(true);
    }
  });
});

describe("POST /api/revalidate", () => {
  let dataset: Awaited<ReturnType<typeof copyDataset>>;
  let legalTitle: () => Promise<unknown>;

  beforeAll(async () => {
    dataset = await copyDataset(BUNDLED_DATASET);
    process.env.CONTENT_DIR = dataset.dir;
    legalTitle = () =>
      getContentSource().query(`*[_id == "legalPage"][0].title`, {}, { tags: ["legalPage"] });
  });

  it("purges what a publish changed, so the next read shows it", async () => {
    const before = await legalTitle();
    await dataset.edit("legalPage", (doc) => ({ ...doc, title: `${before} (updated)` }));
    expect(await legalTitle()).toBe(before);

    const response = await handleRevalidate(
      await signedRequest(JSON.stringify({ _id: "legalPage", _type: "legalPage" })),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ revalidated: true, tags: ["legalPage"] });
    expect(await legalTitle()).toBe(`${before} (updated)`);
  });

  it("purges Netlify's CDN by tag when running on Netlify", async () => {
    const calls: { auth?: string; body: string }[] = [];
    const api = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        calls.push({ auth: req.headers.authorization, body });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    vi.stubEnv("SITE_ID", "site-123");
    vi.stubEnv("NETLIFY_PURGE_API_TOKEN", "purge-token");
    vi.stubEnv("NETLIFY_API_URL", `http://127.0.0.1:${(api.address() as AddressInfo).port}`);
    try {
      const response = await handleRevalidate(
        await signedRequest(JSON.stringify({ _id: "p-9", _type: "project" })),
      );
      expect(await response.json()).toMatchObject({ tags: ["p-9", "project"], cdn: true });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.auth).toBe("Bearer purge-token");
      expect(JSON.parse(calls[0]!.body)).toMatchObject({
        cache_tags: ["p-9", "project"],
        site_id: "site-123",
      });
    } finally {
      vi.unstubAllEnvs();
      api.close();
    }
  });

  it.each([
    [
      "no signature",
      async () => new Request("http://localhost/api/revalidate", { method: "POST", body: "{}" }),
      401,
    ],
    ["a wrong secret", () => signedRequest('{"_id":"x"}', { secret: "another-secret" }), 401],
    [
      "a signature older than five minutes",
      () => signedRequest('{"_id":"x"}', { timestamp: Date.now() - 6 * 60 * 1000 }),
      401,
    ],
    [
      "a body over 64 KB",
      () => signedRequest(JSON.stringify({ _id: "x", pad: "x".repeat(MAX_BODY_BYTES) })),
      413,
    ],
    ["malformed JSON", () => signedRequest("{not json"), 400],
    ["JSON without _id", () => signedRequest('{"_type":"project"}'), 400],
    ["another method", async () => new Request("http://localhost/api/revalidate"), 405],
  ])("refuses %s", async (_label, makeRequest, status) => {
    const response = await handleRevalidate(await makeRequest());
    expect(response.status).toBe(status);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("takes a delivery once: the same signature sent again is refused (issue 35)", async () => {
    const body = JSON.stringify({ _id: "legalPage", _type: "legalPage" });
    const first = await signedRequest(body);
    const signature = first.headers.get(SIGNATURE_HEADER_NAME)!;
    expect((await handleRevalidate(first)).status).toBe(200);
    for (const spelling of [signature, ` ${signature} `]) {
      const replay = new Request(first.url, {
        method: "POST",
        headers: { [SIGNATURE_HEADER_NAME]: spelling },
        body,
      });
      const response = await handleRevalidate(replay);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/already used/) });
    }
  });

  it("refuses a tampered body signed for another", async () => {
    const request = await signedRequest('{"_id":"legalPage"}');
    const tampered = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: '{"_id":"general"}',
    });
    expect((await handleRevalidate(tampered)).status).toBe(401);
  });
});
