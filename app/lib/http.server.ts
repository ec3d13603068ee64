import { NO_STORE } from "~/lib/cache/headers.server";

/**
 * A short plain-text answer: a refusal or failure that says what happened or
 * what to do, never kept by a cache. The one helper for such answers.
 */
export function plainText(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE, ...headers },
  });
}

/**
 * The path as the visitor typed it, query included (the error screen's 'fullPath'), from a
 * loader's `url`: React Router's own suffixes (`.data`) are not part of it.
 */
export function fullPath(url: URL) {
  return `${decodePath(url.pathname)}${url.search}`;
}

export function decodePath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

// Real slugs are short; anything else cannot name a project, so it is
// answered with a 404 before it reaches the content service.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const SLUG = /^[^\s/\\?#\u0000-\u001f]{1,200}$/;

export function isPlausibleSlug(slug: string | undefined): slug is string {
  return typeof slug === "string" && SLUG.test(slug);
}

/**
 * The largest request body any route reads: Sanity's webhook sends a small
 * projection. The Node server refuses bigger declared bodies before the app
 * sees them (server/body-guard.ts); routes read with `readBody`.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A request body as text, or null when it is over `limit` bytes: the declared
 * length is checked first, then what actually arrives (a chunked body has
 * none). Reading stops at the limit; what is left of the body is the server's to
 * drain or close (server/body-guard.ts).
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
