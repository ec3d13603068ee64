import { describe, expect, it } from "vitest";
import { opensInNewTab, resolveLink } from "./links";

describe("resolveLink", () => {
  it.each([
    [
      { type: "internalLink", page: "homepage" },
      { kind: "internal", to: "/" },
    ],
    [
      { type: "internalLink", page: "project", slug: "harbour-lights" },
      { kind: "internal", to: "/work/harbour-lights" },
    ],
    [
      { type: "internalLink", page: "project", slug: "a b" },
      { kind: "internal", to: "/work/a%20b" },
    ],
    [
      { type: "internalLink", page: "culturePage" },
      { kind: "internal", to: "/culture" },
    ],
    [
      { type: "internalLink", page: "legalPage", slug: "ignored" },
      { kind: "internal", to: "/legal" },
    ],
    [{ type: "internalLink", page: "project" }, { kind: "none" }],
    [{ type: "internalLink", page: "redirect" }, { kind: "none" }],
    [
      { type: "externalLink", href: "https://example.com/x?y=1" },
      { kind: "external", href: "https://example.com/x?y=1" },
    ],
    [
      { type: "externalLink", href: "mailto:hello@example.com" },
      { kind: "external", href: "mailto:hello@example.com" },
    ],
    [
      { type: "externalLink", href: "tel:+354 555 0100" },
      { kind: "external", href: "tel:+354 555 0100" },
    ],
    [{ type: "externalLink", href: "javascript:alert(1)" }, { kind: "none" }],
    [{ type: "externalLink", href: "data:text/html,hi" }, { kind: "none" }],
    [{ type: "externalLink" }, { kind: "none" }],
    [null, { kind: "none" }],
  ] as const)("%o → %o", (link, expected) => {
    expect(resolveLink(link as never)).toEqual(expected);
  });

  it("opens web links in a new tab, not mail or phone links", () => {
    expect(opensInNewTab("https://example.com")).toBe(true);
    expect(opensInNewTab("mailto:a@b.c")).toBe(false);
    expect(opensInNewTab("tel:123")).toBe(false);
  });
});
