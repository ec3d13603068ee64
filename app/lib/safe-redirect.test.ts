import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./safe-redirect";

const SITE = "https://site.example";

describe("safeRedirectTarget", () => {
  it.each([
    // An editor's redirect to the site's own address that a browser reads as another host (issue 46).
    [`${SITE}//evil.test`, null],
    [`${SITE}//evil.test/path?q=1`, null],
    [`${SITE}/.//evil.test`, null],
    [`${SITE}/..//evil.test`, null],
    [`${SITE}/%2e//evil.test`, null],
    [`${SITE}/\\evil.test`, null],
    [`${SITE}/a/..//evil.test`, null],
    ["/\\evil.test", null],
    ["/.//evil.test", null],
    ["//evil.test", null],
    // Another origin, or another scheme on the site's host, is not this site's path.
    ["https://evil.test/work", null],
    ["http://site.example/work", null],
    ["https://site.example.evil.test/work", null],
    ["https://user@site.example.evil.test/", null],
    ["javascript:alert(1)", null],
    ["mailto:a@site.example", null],
    ["", null],
    ["   ", null],
    [null, null],
  ])("refuses %j", (target, expected) => {
    expect(safeRedirectTarget(target, SITE)).toBe(expected);
  });

  it.each([
    [`${SITE}/work/a-project`, "/work/a-project"],
    [`${SITE}/work/a-project?x=1#top`, "/work/a-project?x=1#top"],
    [`${SITE}`, "/"],
    [`${SITE}/a/../work`, "/work"],
    ["/work/x", "/work/x"],
    ["work/x", "/work/x"],
    ["/%2f%2fevil.test", "/%2f%2fevil.test"],
  ])("reduces %j to the path %j", (target, expected) => {
    expect(safeRedirectTarget(target, SITE)).toBe(expected);
  });

  it("takes no absolute address when the site's own origin is unknown", () => {
    expect(safeRedirectTarget(`${SITE}/work`)).toBeNull();
    expect(safeRedirectTarget(`${SITE}/work`, null)).toBeNull();
  });
});
