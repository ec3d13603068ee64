import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "../../tests/support/dataset";
import { startFakeSanity, type FakeSanity } from "../../tests/support/fake-sanity";
import { enablePresentationPreview } from "./presentation.server";

/**
 * What a stranger's preview links cost: each check of a Studio secret is a
 * query to Sanity with the read token (issue 35).
 */
describe("checking the Studio's preview secrets against Sanity (a local fake)", () => {
  let fake: FakeSanity;
  const VALID = "valid-presentation-secret-0123";
  const link = (secret: string, pathname = "/legal") =>
    new Request(
      `http://localhost/api/preview?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${pathname}`,
    );
  const queries = () => fake.requests.filter((request) => request.path.includes("/data/query/"));

  beforeAll(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
    fake.addDocuments([
      {
        _id: "drafts.secret-1",
        _type: "sanity.previewUrlSecret",
        _updatedAt: new Date().toISOString(),
        secret: VALID,
        source: "presentation",
        studioUrl: "http://localhost/studio",
      },
    ]);
    Object.assign(process.env, {
      SANITY_PROJECT_ID: "fake1234",
      SANITY_DATASET: "production",
      SANITY_API_HOST: fake.url,
      SANITY_USE_CDN: "false",
      SANITY_READ_TOKEN: "read-token",
      SANITY_PREVIEW_SECRET: "preview-secret-for-unit-tests",
    });
  });
  afterAll(() => fake.close());

  it("opens the preview for the Studio's secret", async () => {
    const response = await enablePresentationPreview(link(VALID));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/legal");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__preview=/);
  });

  it("asks Sanity nothing for a value that cannot be a secret", async () => {
    const before = queries().length;
    for (const secret of ["x", "a b c d e f g h", "z".repeat(500)]) {
      expect((await enablePresentationPreview(link(secret))).status).toBe(401);
    }
    expect(queries().length).toBe(before);
  });

  it("asks once for one wrong secret however often and however fast it comes", async () => {
    const before = queries().length;
    const wrong = "wrong-secret-guessed-0001";
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => enablePresentationPreview(link(wrong))),
    );
    expect(new Set(burst.map((response) => response.status))).toEqual(new Set([401]));
    for (let again = 0; again < 5; again += 1) {
      expect((await enablePresentationPreview(link(wrong))).status).toBe(401);
    }
    expect(queries().length - before).toBe(1);
  });

  it("runs a bounded number of checks at once: a burst of guesses gets 503 beyond it", async () => {
    const before = queries().length;
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        enablePresentationPreview(link(`guessed-secret-${String(index).padStart(4, "0")}`)),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBe(queries().length - before);
    expect(queries().length - before).toBeLessThanOrEqual(4);
    const busy = burst.find((response) => response.status === 503)!;
    expect(busy.headers.get("Retry-After")).toBe("1");
    expect(await busy.text()).toMatch(/Try again in a moment/);
    // The Studio's own link still opens once the burst is over.
    expect((await enablePresentationPreview(link(VALID, "/work"))).status).toBe(302);
  });
});
