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
