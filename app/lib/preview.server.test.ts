import { describe, expect, it } from "vitest";
import { safeInternalPath, secretsMatch } from "./preview.server";

describe("preview helpers", () => {
  it.each([
    [null, "/"],
    ["", "/"],
    ["/work/a-project", "/work/a-project"],
    ["work/a-project", "/work/a-project"],
    ["/legal?x=1#imprint", "/legal?x=1#imprint"],
    ["//evil.example/path", null],
    ["/\\evil.example", null],
    ["https://evil.example", "/https://evil.example"],
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
