import { describe, expect, it } from "vitest";
import cspNonce, { createNonce, withFreshNonce } from "./edge-functions/csp-nonce";

const KEPT = "KEPTnonce0123456789abc";
const html = (nonce: string) =>
  `<!DOCTYPE html><html><body><p>Grüße 👋 ${"déjà vu ".repeat(50)}</p>` +
  `<script nonce="${nonce}">window.__remixContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">import "/assets/entry.js";</script></body></html>`;

/** The kept response, as the CDN replays it, in chunks of `size` bytes. */
function kept(size: number, headers: Record<string, string> = {}) {
  const bytes = new TextEncoder().encode(html(KEPT));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += size) {
        controller.enqueue(bytes.slice(offset, offset + size));
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'nonce-${KEPT}' 'strict-dynamic'; object-src 'none'`,
      "Content-Length": String(bytes.length),
      ETag: '"kept"',
      ...headers,
    },
  });
}

describe("the edge step in front of Netlify's CDN", () => {
  it.each([1, 3, 7, 64, 100_000])(
    "writes a fresh nonce into a kept page streamed in %i-byte chunks",
    async (size) => {
      const fresh = createNonce();
      const response = withFreshNonce(kept(size), fresh);
      expect(await response.text()).toBe(html(fresh));
      expect(response.headers.get("Content-Security-Policy")).toBe(
        `script-src 'nonce-${fresh}' 'strict-dynamic'; object-src 'none'`,
      );
      expect(response.headers.get("Content-Length")).toBeNull();
      expect(response.headers.get("ETag")).toBeNull();
    },
  );

  it("gives every answer its own nonce and asks the CDN for the page, not a 304", async () => {
    const seen: (string | null)[] = [];
    const context = {
      next: async (request?: Request) => {
        seen.push(request?.headers.get("If-None-Match") ?? null);
        return kept(512);
      },
    };
    const request = () =>
      new Request("https://site.example/work", { headers: { "If-None-Match": '"kept"' } });
    const policies = await Promise.all(
      [1, 2, 3].map(async () => (await cspNonce(request(), context)).headers),
    );
    const nonces = policies.map(
      (h) => /'nonce-([^']+)'/.exec(h.get("Content-Security-Policy")!)?.[1],
    );
    expect(new Set(nonces).size).toBe(3);
    expect(nonces).not.toContain(KEPT);
    expect(seen).toEqual([null, null, null]);
  });

  it("leaves anything without a nonce as it is", async () => {
    const json = new Response('{"a":1}', { headers: { "Content-Type": "application/json" } });
    expect(withFreshNonce(json)).toBe(json);
    const nonceFree = kept(64, { "Content-Security-Policy": "default-src 'none'" });
    expect(withFreshNonce(nonceFree)).toBe(nonceFree);
  });

  it("makes nonces of 128 random bits in base64url", () => {
    const nonces = Array.from({ length: 50 }, createNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(nonces).size).toBe(50);
  });
});
