import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { keptPage, nonceOf } from "./kept-page.js";

const NONCE = "RENDERnonce0123456789a";
const policy = (nonce: string) =>
  `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'`;
// What Remix renders: the context script, the module script, then the streamed
// loader data (large, non-ASCII) in more classic scripts.
const context = `window.__remixContext = {"state":{"title":"Café → Zürich"}};`;
const data = `window.__remixContext.streamController.enqueue(${JSON.stringify(
  "Ünïcödé body text ".repeat(4000),
)});`;
const rendered = (nonce: string) =>
  `<!DOCTYPE html><html><head><title>Kept</title></head><body><main>Ōkami</main>` +
  `<script nonce="${nonce}">${context}</script>` +
  `<script nonce="${nonce}" type="module" async="">import "/assets/entry.js";</script>` +
  `<script nonce="${nonce}">${data}</script>` +
  `<script type="application/ld+json">{"@type":"WebSite"}</script></body></html>`;
const kept = (fresh: string) =>
  rendered(NONCE)
    .replaceAll(`<script nonce="${NONCE}">`, "<script>")
    .replace(`nonce="${NONCE}"`, `nonce="${fresh}"`);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function make() {
  const page = keptPage(Buffer.from(rendered(NONCE)), policy(NONCE));
  if (!page) throw new Error("not a kept page");
  return page;
}

describe("a kept page", () => {
  it("is only made of a response whose policy grants a nonce", () => {
    expect(nonceOf(policy(NONCE))).toBe(NONCE);
    expect(keptPage(Buffer.from("{}"), "default-src 'none'")).toBeUndefined();
  });

  it("writes each answer's own nonce into the policy and the module script", () => {
    const page = make();
    const fresh = "FRESHnonce0123456789ab";
    const { csp, chunks } = page.render(fresh, "identity");
    expect(Buffer.concat(chunks).toString()).toBe(kept(fresh));
    expect(csp).toContain(`'nonce-${fresh}'`);
    expect(csp).not.toContain(NONCE);
    expect(Buffer.concat(chunks).toString()).not.toContain(NONCE);
  });

  it("allows its classic inline scripts by hash, without the nonce", () => {
    const { csp } = make().render("FRESHnonce0123456789ab", "identity");
    expect(csp).toContain(sha256(context));
    expect(csp).toContain(sha256(data));
    expect(csp).toMatch(
      /script-src 'nonce-FRESHnonce0123456789ab' 'sha256-[^']+' 'sha256-[^']+' 'strict-dynamic'/,
    );
  });

  it("answers in gzip with the fresh nonce, compressed about as well as the whole page", () => {
    const page = make();
    expect(page.encodings()).toContain("gzip");
    for (const fresh of ["FIRSTnonce0123456789ab", "SECONDnonce0123456789a"]) {
      const bytes = Buffer.concat(page.render(fresh, "gzip").chunks);
      expect(gunzipSync(bytes).toString()).toBe(kept(fresh));
      expect(bytes.length).toBeLessThan(Buffer.byteLength(kept(fresh)) / 4);
    }
  });

  it("answers in Brotli once it is made, with the fresh nonce", async () => {
    const page = make();
    expect(page.encodings()).not.toContain("br");
    await page.compressWithBrotli();
    expect(page.encodings()).toContain("br");
    for (const fresh of ["FIRSTnonce0123456789ab", "SECONDnonce0123456789a"]) {
      const bytes = Buffer.concat(page.render(fresh, "br").chunks);
      expect(brotliDecompressSync(bytes).toString()).toBe(kept(fresh));
      expect(bytes.length).toBeLessThan(Buffer.byteLength(kept(fresh)) / 4);
    }
  });

  it("never offers a copy that does not decompress to the page", async () => {
    // Control characters are what the compressors see in place of the nonce.
    const odd = rendered(NONCE).replace(
      "Ōkami",
      "\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008",
    );
    const page = keptPage(Buffer.from(odd), policy(NONCE))!;
    await page.compressWithBrotli();
    const fresh = "FRESHnonce0123456789ab";
    const expected = odd
      .replaceAll(`<script nonce="${NONCE}">`, "<script>")
      .replace(`nonce="${NONCE}"`, `nonce="${fresh}"`);
    const decode = { identity: (b: Buffer) => b, gzip: gunzipSync, br: brotliDecompressSync };
    for (const encoding of page.encodings() as (keyof typeof decode)[]) {
      const bytes = Buffer.concat(page.render(fresh, encoding).chunks);
      expect(decode[encoding](bytes).toString(), encoding).toBe(expected);
    }
  });

  it("refuses a nonce of another length, which would shift the compressed pieces", () => {
    expect(() => make().render("short", "gzip")).toThrow(/length/);
  });
});
