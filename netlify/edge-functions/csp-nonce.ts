/**
 * Netlify's CDN keeps a page's response, headers and body, and replays it to
 * every visitor for up to a week. A nonce rendered into it would then be the
 * same for all of them, and known to anyone who fetched the page. This edge
 * function runs in front of the CDN on every page request and writes a fresh
 * nonce into the policy and the scripts of the answer (docs/security.md,
 * "Kept pages"). It touches nothing else; a response without a nonce (JSON,
 * images, a preview page that is never kept) passes through as it is.
 */

type Context = { next(request?: Request): Promise<Response> };

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/_=-]+)'/;

/** 128 random bits, base64url: the same shape as the app's nonces. */
export function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Replaces `from` with `to` in a UTF-8 stream, across chunk boundaries. */
function replaceAllStream(from: string, to: string) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let carry = "";
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const text = (carry + decoder.decode(chunk, { stream: true })).replaceAll(from, to);
      // Keep what could be the start of `from` for the next chunk, never half a surrogate pair.
      let cut = Math.max(0, text.length - (from.length - 1));
      if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut -= 1;
      carry = text.slice(cut);
      controller.enqueue(encoder.encode(text.slice(0, cut)));
    },
    flush(controller) {
      controller.enqueue(encoder.encode((carry + decoder.decode()).replaceAll(from, to)));
    },
  });
}

/** The same page with `fresh` as its nonce, in the policy and on every script. */
export function withFreshNonce(response: Response, fresh = createNonce()): Response {
  const policy = response.headers.get("content-security-policy");
  const old = NONCE_SOURCE.exec(policy ?? "")?.[1];
  const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
  if (!policy || !old || !html || !response.body) return response;
  const headers = new Headers(response.headers);
  headers.set("content-security-policy", policy.replaceAll(`'nonce-${old}'`, `'nonce-${fresh}'`));
  // The body changes on every answer: no length, no validator to revalidate with.
  headers.delete("content-length");
  headers.delete("etag");
  headers.delete("last-modified");
  return new Response(
    response.body.pipeThrough(replaceAllStream(`nonce="${old}"`, `nonce="${fresh}"`)),
    { status: response.status, statusText: response.statusText, headers },
  );
}

export default async function cspNonce(request: Request, context: Context) {
  // A conditional request could be answered 304 by the CDN, and the browser
  // would pair its old page with a new policy: always ask for the page itself.
  const headers = new Headers(request.headers);
  headers.delete("if-none-match");
  headers.delete("if-modified-since");
  return withFreshNonce(await context.next(new Request(request, { headers })));
}

// Where it runs is declared in netlify.toml ([[edge_functions]]): Netlify reads
// that without running this file, which an offline `netlify build` cannot do
// (loading an inline config fetches Netlify's bootstrap types). These two
// settings only an inline config can carry.
export const config = {
  method: ["GET"],
  // Should this step fail, the page is still served (with the nonce it was kept with).
  onError: "bypass",
};
