/**
 * The one check every redirect to a path of this site goes through (docs/security.md,
 * "Preview"): preview and exit-preview, editors' redirects, slug changes and the canonical
 * spelling of a path. An editor's redirect to an http(s) address elsewhere goes out as a header
 * holds it (app/lib/redirects.server.ts). Relative imports only (none at all): the Studio imports
 * it through app/lib/redirects.ts, so its validation refuses what the site refuses.
 */

/** A base no request can name: a target that resolves off it has left the site. */
const INTERNAL = "http://internal.invalid";
/** A URL's scheme (`https:`, `javascript:`): what makes a string an address elsewhere. */
export const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * `target` as a path of this site (path, query and fragment), or null when it is not one.
 *
 * An absolute address counts only on `siteOrigin` (general.siteUrl), and is reduced to the path
 * it names. The path is judged as a browser will resolve the `Location`: dot segments, encoded
 * dots and stripped tabs can turn `/.//evil.test` into `//evil.test`, which a browser reads as
 * another host, so backslashes and control characters are refused outright, a path that
 * resolves to `//…` is refused, and what is left must read back as itself.
 */
export function safeRedirectTarget(
  target: string | null | undefined,
  siteOrigin?: string | null,
): string | null {
  let path = target?.trim();
  if (!path) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  if (SCHEME.test(path) || path.startsWith("//")) {
    const own = ownPath(path, siteOrigin);
    if (own === null) return null;
    path = own;
  }
  let url: URL;
  try {
    url = new URL(path.startsWith("/") ? path : `/${path}`, INTERNAL);
  } catch {
    return null;
  }
  if (url.origin !== INTERNAL || /^\/[/\\]/.test(url.pathname)) return null;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  // What the browser makes of the answer must be this same place.
  return new URL(resolved, INTERNAL).href === url.href ? resolved : null;
}

/** An http(s) address on the site's own origin, as the path (with query and fragment) it names. */
function ownPath(href: string, siteOrigin: string | null | undefined): string | null {
  if (!siteOrigin) return null;
  try {
    const url = new URL(href);
    if (!/^https?:$/.test(url.protocol) || url.origin !== new URL(siteOrigin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
