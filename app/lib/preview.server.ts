import { timingSafeEqual, createHash } from "node:crypto";
import { createCookie } from "react-router";
import { getEnv } from "~/lib/env.server";
import { PREVIEW_COOKIE } from "~/lib/cache/headers.server";

/**
 * Draft preview for editors: a signed cookie, set by /api/preview with the
 * shared secret, that switches queries to drafts and responses to no-store.
 */

/** How long a preview lasts: the cookie's Max-Age, and the expiry signed into it. */
export const PREVIEW_HOURS = 8;
const PREVIEW_MS = PREVIEW_HOURS * 60 * 60 * 1000;

function previewCookie(secret: string) {
  return createCookie(PREVIEW_COOKIE, {
    httpOnly: true,
    // The Studio shows the site in an iframe on another origin: the cookie
    // must travel cross-site, which browsers only allow when Secure.
    secure: true,
    sameSite: "none",
    path: "/",
    maxAge: PREVIEW_MS / 1000,
    secrets: [secret],
  });
}

/**
 * A valid preview cookie: signed with the secret, and its signed expiry still
 * ahead (a copied cookie stops working when the browser's would, whatever the
 * browser does). Anything else, malformed or unsigned, is no preview.
 */
export async function isPreview(request: Request, now = Date.now()): Promise<boolean> {
  const secret = getEnv().previewSecret;
  const header = request.headers.get("Cookie");
  if (!secret || !header?.includes(PREVIEW_COOKIE)) return false;
  const value: unknown = await previewCookie(secret).parse(header);
  const until = (value as { until?: unknown } | null)?.until;
  return typeof until === "number" && now < until && until <= now + PREVIEW_MS;
}

export function startPreviewCookie(secret: string, now = Date.now()) {
  return previewCookie(secret).serialize({ until: now + PREVIEW_MS });
}

export function endPreviewCookie() {
  // Clearing needs no signature; any secret will do for the serializer.
  return previewCookie("unused-when-clearing").serialize("", { maxAge: 0 });
}

/** Compares secrets in constant time, whatever their lengths. */
export function secretsMatch(given: string | null, expected: string) {
  if (given === null) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

const INTERNAL = "http://internal.invalid";

/**
 * Where preview may redirect: a path on this site, never another origin. The
 * path is judged as the browser will resolve it: dot segments, encoded dots
 * and stripped tabs can turn `/.//evil.example` into `//evil.example`, which a
 * browser reads as another host. Backslashes and control characters are
 * refused outright; what is left answers as its normalised path.
 */
export function safeInternalPath(slug: string | null): string | null {
  const target = slug?.trim() || "/";
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target.startsWith("/") ? target : `/${target}`, INTERNAL);
  } catch {
    return null;
  }
  if (url.origin !== INTERNAL || /^\/[/\\]/.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What the browser makes of the answer must be this same place.
  return new URL(path, INTERNAL).href === url.href ? path : null;
}
