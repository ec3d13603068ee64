import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import {
  isPreview,
  PREVIEW_HOURS,
  safeInternalPath,
  secretsMatch,
  startPreviewCookie,
} from "./preview.server";

const SECRET = "preview-secret-for-unit-tests";
process.env.SANITY_PREVIEW_SECRET = SECRET;
const HOUR = 60 * 60 * 1000;

/** The request a browser sends back with the cookie a Set-Cookie header gave it. */
const withCookie = (setCookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });

/** A cookie signed with the secret, holding any value: what a leaked secret could not avoid. */
const signed = (value: unknown, secret = SECRET) =>
  createCookie("__preview", { secrets: [secret] }).serialize(value);

describe("the preview cookie (issue 35)", () => {
  it("lasts eight hours: the browser's Max-Age and the expiry signed into it", async () => {
    const start = Date.now();
    const cookie = await startPreviewCookie(SECRET, start);
    expect(cookie).toMatch(new RegExp(`Max-Age=${PREVIEW_HOURS * 3600}`));
    expect(await isPreview(withCookie(cookie), start)).toBe(true);
    expect(await isPreview(withCookie(cookie), start + PREVIEW_HOURS * HOUR - 1)).toBe(true);
    expect(await isPreview(withCookie(cookie), start + PREVIEW_HOURS * HOUR)).toBe(false);
  });

  it("refuses a value that is not a signed expiry ahead, however it is signed", async () => {
    const now = Date.now();
    for (const cookie of [
      await signed("on"),
      await signed({ until: now - 1 }),
      await signed({ until: now + PREVIEW_HOURS * HOUR + HOUR }),
      await signed({ until: String(now + HOUR) }),
      await signed(null),
      await signed({ until: now + HOUR }, "another-secret-of-enough-length"),
      "__preview=x",
      "__preview=",
    ]) {
      expect(await isPreview(withCookie(cookie), now), cookie).toBe(false);
    }
  });
});
describe("preview helpers", () => {
  it.each([
    [null, "/"],
    ["", "/"],
    ["/work/a-project", "/work/a-project"],
    ["work/a-project", "/work/a-project"],
    ["/legal?x=1#imprint", "/legal?x=1#imprint"],
    ["//evil.example/path", null],
    ["/\\evil.example", null],
    ["https://evil.example", null],
    ["/ok\u0000", null],
    // Paths that only become another host once dot segments are resolved (issue 35).
    ["/.//evil.test", null],
    ["/..//evil.test", null],
    ["/%2e//evil.test", null],
    ["/%2E%2E//evil.test", null],
    ["/a/..//evil.test", null],
    ["/a/b/../..//evil.test", null],
    ["./..//evil.test", null],
    [".//evil.test", null],
    ["/./\\evil.test", null],
    ["/\t/evil.test", null],
    ["/\n/evil.test", null],
    ["\t//evil.test", null],
    ["/\u007f/evil.test", null],
    // Encoded slashes stay a path on this site; dot segments answer as the normalised path.
    ["/%2f%2fevil.test", "/%2f%2fevil.test"],
    ["/%5c%5cevil.test", "/%5c%5cevil.test"],
    ["/a/../work/x", "/work/x"],
    ["/work/./x?y=1", "/work/x?y=1"],
  ])("redirects %j only to an internal path (%j)", (slug, expected) => {
    expect(safeInternalPath(slug)).toBe(expected);
  });

  it("compares secrets exactly", () => {
    expect(secretsMatch("a-long-enough-secret", "a-long-enough-secret")).toBe(true);
    expect(secretsMatch("a-long-enough-secreT", "a-long-enough-secret")).toBe(false);
    expect(secretsMatch("short", "a-long-enough-secret")).toBe(false);
    expect(secretsMatch(null, "a-long-enough-secret")).toBe(false);
  });
});
