import { timingSafeEqual, createHash } from "node:crypto";
import { createCookie } from "react-router";
import { getEnv } from "~/lib/env.server";
import { PREVIEW_COOKIE } from "~/lib/cache/headers.server";
import { safeRedirectTarget } from "~/lib/safe-redirect";

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

/**
 * Where preview may redirect: a path on this site, never another origin, judged as every
 * redirect to a path of this site is (app/lib/safe-redirect.ts). No slug means the home page.
 */
export function safeInternalPath(slug: string | null): string | null {
  return safeRedirectTarget(slug?.trim() || "/");
}
