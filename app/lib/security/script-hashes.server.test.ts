import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server";

const hash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script a browser runs, classic and module, in order, once each", () => {
    const context = 'window.__reactRouterContext = {"title":"Café → Zürich"};';
    const entry = 'import "/assets/entry.client-A.js";';
    const html =
      `<head><script type="application/ld+json">{"@type":"WebPage"}</script></head>` +
      `<body><script>${context}</script><script type="module" async="">${entry}</script>` +
      `<script src="/assets/x.js"></script><script>${context}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([hash(context), hash(entry)]);
  });

  it("hashes an import map, which the browser checks against script-src too", () => {
    const map = '{"imports":{"react":"/studio/static/react.js"}}';
    expect(inlineScriptHashes(`<script type="importmap">${map}</script>`)).toEqual([hash(map)]);
  });

  it("hashes the text as UTF-8, as browsers do", () => {
    expect(inlineScriptHashes("<script>ø</script>")).toEqual([
      "'sha256-" + createHash("sha256").update(Buffer.from("ø", "utf8")).digest("base64") + "'",
    ]);
  });

  it("finds nothing to allow in a page without inline scripts", () => {
    expect(inlineScriptHashes("<p>plain</p>")).toEqual([]);
  });
});
