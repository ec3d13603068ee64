import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BUNDLED_DATASET } from "../../../tests/support/dataset";
import { startFakeSanity, type FakeSanity } from "../../../tests/support/fake-sanity";
import { generalQuery, projectQuery, projectSlugsQuery } from "./queries";
import { createSanityBackend } from "./sanity.server";
import { createContentSource } from "./source.server";

describe("the Sanity back end against a local fake of the query API", () => {
  let fake: FakeSanity;
  const backend = (apiHost = fake.url) =>
    createSanityBackend({
      projectId: "fake1234",
      dataset: "production",
      apiVersion: "2025-02-19",
      token: undefined,
      useCdn: false,
      apiHost,
      studioUrl: "/studio",
    });

  beforeAll(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
  });
  afterAll(() => fake.close());

  it("runs the site's queries unchanged", async () => {
    const source = createContentSource(backend(), { timeoutMs: 5000 });
    const general = await source.query(generalQuery);
    expect(general?.siteTitle).toEqual(expect.any(String));
    const [slug] = await source.query(projectSlugsQuery);
    const { project } = await source.query(projectQuery, { slug });
    expect(project?.slug).toBe(slug);
    expect(fake.requests.at(-1)?.method).toBe("GET");
  });

  it("retries a 503 and then succeeds", async () => {
    const source = createContentSource(backend(), { timeoutMs: 10_000 });
    const before = fake.requests.length;
    fake.failNext(2, 503);
    const general = await source.query(generalQuery);
    expect(general?.siteTitle).toEqual(expect.any(String));
    expect(fake.requests.length - before).toBe(3);
  });

  it("sends a query whose URL passes the limit by POST", async () => {
    const source = createContentSource(backend(), { timeoutMs: 5000 });
    const long = "x".repeat(12_000);
    const result = await source.query(`*[_id == $id][0]`, { id: long });
    expect(result).toBeNull();
    expect(fake.requests.at(-1)?.method).toBe("POST");
  });

  it("ends a hanging query at the deadline with a 503 Response and one log line", async () => {
    const source = createContentSource(backend(), { timeoutMs: 400 });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.hang();
    const started = Date.now();
    try {
      const failure = await source.query(generalQuery).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Response);
      expect((failure as Response).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]?.[0])).toMatch(
        /Sanity project fake1234\/production .*timed out/,
      );
    } finally {
      fake.recover();
      log.mockRestore();
    }
  });

  it("turns a 500 into a 503 Response naming the cause in the log", async () => {
    const source = createContentSource(backend(), { timeoutMs: 5000 });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.failNext(1, 500);
    try {
      const failure = await source.query(generalQuery).catch((error: unknown) => error);
      expect((failure as Response).status).toBe(503);
      expect(String(log.mock.calls[0]?.[0])).toMatch(/HTTP 500/);
    } finally {
      log.mockRestore();
    }
  });

  it("reports a service that is down", async () => {
    const down = await startFakeSanity(BUNDLED_DATASET);
    const url = down.url;
    await down.close();
    const source = createContentSource(backend(url), { timeoutMs: 1500 });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const failure = await source.query(generalQuery).catch((error: unknown) => error);
      expect((failure as Response).status).toBe(503);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});
