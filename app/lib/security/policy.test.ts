import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseHeaders, documentPolicy, RESOURCE_POLICY } from "./policy";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

describe("the page policy", () => {
  const policy = directives(documentPolicy({ scriptHashes: ["'sha256-xyz'"], sanityConnect: [] }));

  it("runs only the site's own files and the page's inline scripts, by hash", () => {
    expect(policy["script-src"]).toEqual(["'self'", "'sha256-xyz'"]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
  });

  it("may be framed by the site itself and the project's own Studios, never a wildcard", () => {
    expect(policy["frame-ancestors"]).toEqual(["'self'"]);
    const studio = "https://agency.sanity.studio";
    const framed = directives(documentPolicy({ scriptHashes: [], studioOrigins: [studio] }));
    expect(framed["frame-ancestors"]).toEqual(["'self'", studio]);
    const resource = directives(
      baseHeaders({ secure: false, noindex: false, studioOrigins: [studio] })[
        "Content-Security-Policy"
      ]!,
    );
    expect(resource["frame-ancestors"]).toEqual(["'self'", studio]);
    expect(directives(RESOURCE_POLICY)["frame-ancestors"]).toEqual(["'self'"]);
  });

  it("loads media only from the site and the hosts it uses", () => {
    expect(policy["img-src"]).toEqual([
      "'self'",
      "data:",
      "https://cdn.sanity.io",
      "https://image.mux.com",
      "https://i.scdn.co",
    ]);
    expect(policy["media-src"]).toEqual(["'self'", "blob:", "https://*.mux.com"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://*.mux.com"]);
  });

  it("lets the browser call the Sanity API origins it is given, and no other", () => {
    const preview = directives(
      documentPolicy({ scriptHashes: [], sanityConnect: ["https://p1.api.sanity.io"] }),
    );
    expect(preview["connect-src"]).toContain("https://p1.api.sanity.io");
  });
});

describe("the base headers", () => {
  it("send HSTS over HTTPS only, and noindex on previews only", () => {
    expect(baseHeaders({ secure: true, noindex: false })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(baseHeaders({ secure: false, noindex: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(baseHeaders({ secure: false, noindex: true })["X-Robots-Tag"]).toBe("noindex");
    expect(baseHeaders({ secure: false, noindex: false })).not.toHaveProperty("X-Robots-Tag");
  });

  it("run nothing in a response that is not a page", () => {
    expect(directives(RESOURCE_POLICY)["default-src"]).toEqual(["'none'"]);
  });

  it("are what netlify.toml gives Netlify's static files", () => {
    const toml = readFileSync(path.resolve(import.meta.dirname, "../../../netlify.toml"), "utf8");
    // The rule's own lines: up to the next [[table]], if any.
    const block =
      toml
        .split("[[headers]]")
        .find((part) => /for = "\/\*"/.test(part))
        ?.split(/^\[\[/m)[0] ?? "";
    const rules = Object.fromEntries(
      [...block.matchAll(/^\s*([\w-]+) = "(.*)"$/gm)]
        .filter(([, name]) => name !== "for")
        .map(([, name, value]) => [name, value]),
    );
    const { "Content-Security-Policy": _policy, ...expected } = baseHeaders({
      secure: true,
      noindex: false,
    });
    expect(rules).toEqual(expected);
  });
});
