import { resolveLink, type LinkInput, type ResolvedLink } from "./links";
import { isResourcePath } from "./resource-paths";
import { safeRedirectTarget, SCHEME } from "./safe-redirect";

/**
 * Redirects that editors manage (`redirect` documents, docs/content-model.md):
 * the rules that do not depend on the framework. Which request paths match,
 * where a redirect sends the visitor (internal destinations resolve as links
 * do, through app/lib/links.ts), with which status, the query string kept,
 * and chains followed to their end or reported as loops. The Studio imports
 * this file for its validation and previews (relative imports only, no
 * framework): the site and the Studio apply one set of rules. Node scripts
 * load it through vite-node (as the bench scripts do): its imports carry no
 * `.ts` extension, which Node's own type stripping would need.
 *
 * Normalisation (`normalizePath`): matching ignores letter case, trailing
 * slashes and how a path is percent-encoded. `/Work/Old-Name/`,
 * `/work/old-name` and `/work/old%2Dname` are one path; `/café` and
 * `/caf%C3%A9` too. An encoded slash (`%2F`) stays part of its segment.
 *
 * Status (`redirectStatus`): 308 when permanent, 307 when not. Both keep the
 * request's method and body (301 and 302 let clients turn a POST into a GET);
 * for the site's GET pages they act as 301 and 302 do, and search engines
 * treat 308 as 301. Every browser in use follows them.
 *
 * Chains: validation refuses them, but the resolver still follows one to its
 * end (at most MAX_REDIRECT_HOPS redirects), so a visitor makes one trip
 * however the content came to be; the answer is permanent only when every
 * hop is. A loop is reported, never followed.
 */

/** How many redirects one request follows before giving up. Browsers stop at 20. */
export const MAX_REDIRECT_HOPS = 10;

/** A `redirect` document as redirectsQuery projects it (any part may be missing). */
export type RedirectInput = {
  _id?: string | null;
  source?: string | null;
  permanent?: boolean | null;
  destination?: LinkInput | null;
};

/** Where a redirect sends the visitor: a path of this site, an address elsewhere, or nowhere. */
type RedirectTarget = ResolvedLink;

type RedirectStatus = 307 | 308;

type RedirectResolution =
  /** No redirect starts at this path. */
  | { kind: "none" }
  /** Send the visitor to `location` (a path of this site, or an absolute URL when `external`). */
  | {
      kind: "redirect";
      status: RedirectStatus;
      location: string;
      external: boolean;
      hops: RedirectInput[];
    }
  /** The redirects starting here lead back to a path they already passed. */
  | { kind: "loop"; hops: RedirectInput[] }
  /** More than MAX_REDIRECT_HOPS redirects in a row. */
  | { kind: "too-long"; hops: RedirectInput[] };

export type RedirectOptions = {
  /**
   * The site's own origin (general.siteUrl). An external destination on it
   * counts as the path it names, so a loop through the site's full address is
   * still a loop.
   */
  siteOrigin?: string | null;
  /** At most this many redirects are followed (MAX_REDIRECT_HOPS). */
  maxHops?: number;
};

function normalizeSegment(segment: string): string {
  try {
    // Decoded, lower-cased (and composed, so é matches e + ◌́), encoded again the one way.
    return encodeURIComponent(decodeURIComponent(segment).normalize("NFC").toLowerCase());
  } catch {
    // A stray % (or a lone surrogate): compared as written, lower-cased.
    return segment.toLowerCase();
  }
}

/**
 * The form two paths are compared in: the query and fragment dropped, each
 * segment percent-decoded, lower-cased and encoded again the one way
 * (encodeURIComponent), trailing slashes removed (`/` stays `/`).
 */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const rooted = bare.startsWith("/") ? bare : `/${bare}`;
  const normal = rooted.split("/").map(normalizeSegment).join("/").replace(/\/+$/, "");
  return normal || "/";
}

/** Why a `source` is not a path of this site, or null when it is one. */
export type SourceProblem =
  | "missing"
  | "whitespace"
  | "absolute-url"
  | "relative"
  | "query"
  | "fragment"
  | "empty-segment"
  | "dot-segment"
  | "bad-encoding"
  | "site-route";

/**
 * A source is a path of this site: it starts with `/`, names no scheme or
 * host, has no query or fragment (matching ignores the query and keeps it),
 * no whitespace, no empty or dot segments, and only well-formed
 * percent-escapes. Anything else could never match a request.
 */
export function sourceProblem(source: unknown): SourceProblem | null {
  if (typeof source !== "string" || source === "") return "missing";
  if (/\s/.test(source)) return "whitespace";
  if (SCHEME.test(source) || source.startsWith("//")) return "absolute-url";
  if (!source.startsWith("/")) return "relative";
  if (source.includes("?")) return "query";
  if (source.includes("#")) return "fragment";
  if (source.includes("//")) return "empty-segment";
  if (source.split("/").some((segment) => segment === "." || segment === "..")) {
    return "dot-segment";
  }
  try {
    decodeURIComponent(source);
  } catch {
    return "bad-encoding";
  }
  // The site's own API, media, Studio, robots.txt and sitemap are no old page of anyone's.
  if (isResourcePath(normalizePath(source))) return "site-route";
  return null;
}

/** Whether `href` is an address on the site's own origin (however its path reads). */
function onSiteOrigin(href: string, siteOrigin: string | null | undefined): boolean {
  if (!siteOrigin) return false;
  try {
    return new URL(href).origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * Where a redirect's destination leads: internal pages as links resolve
 * (app/lib/links.ts: home `/`, Work `/work`, a project `/work/{slug}`, …);
 * external only to a web address (http or https: a redirect to mailto: or
 * tel: would leave an empty tab). An address on the site's own origin
 * (options.siteOrigin) counts as internal.
 */
export function redirectTarget(
  destination: LinkInput | null | undefined,
  options: Pick<RedirectOptions, "siteOrigin"> = {},
): RedirectTarget {
  // The one link resolver maps a singleton page (Work, Culture, Legal too) to its fixed path.
  const link = resolveLink(destination);
  // Every path of this site goes through the one check of what a browser makes of it
  // (app/lib/safe-redirect.ts): one that would leave the site leads nowhere.
  if (link.kind === "internal") {
    const to = safeRedirectTarget(link.to);
    return to ? { kind: "internal", to } : { kind: "none" };
  }
  if (link.kind === "external" && /^https?:\/\//i.test(link.href)) {
    if (!onSiteOrigin(link.href, options.siteOrigin)) return link;
    const to = safeRedirectTarget(link.href, options.siteOrigin);
    return to ? { kind: "internal", to } : { kind: "none" };
  }
  return { kind: "none" };
}

/**
 * Whether a destination names this site (a page's path, or an address on its own origin) in a
 * way a browser would read as another host (`https://<site>//evil.test`, `/\evil.test`): the
 * site refuses to follow it, and the Studio says so.
 */
export function leavesSite(
  destination: LinkInput | null | undefined,
  options: Pick<RedirectOptions, "siteOrigin"> = {},
): boolean {
  const link = resolveLink(destination);
  const ours =
    link.kind === "internal" ||
    (link.kind === "external" && onSiteOrigin(link.href, options.siteOrigin));
  return ours && redirectTarget(destination, options).kind === "none";
}

/** 308 Permanent Redirect, or 307 Temporary Redirect (see the top of this file). */
export function redirectStatus(permanent: boolean | null | undefined): RedirectStatus {
  // The Studio's initial value is true: a document without the field is permanent too.
  return permanent === false ? 307 : 308;
}

/**
 * The request's query string added to a location: after the location's own
 * query (joined with `&`) and before its fragment. `search` is as
 * URL.search gives it (`?a=1`, or empty).
 */
export function appendQuery(location: string, search: string): string {
  const query = search.replace(/^\?/, "");
  if (!query) return location;
  const hashAt = location.indexOf("#");
  const base = hashAt === -1 ? location : location.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : location.slice(hashAt);
  const joiner = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${joiner}${query}${hash}`;
}

export type RedirectTable = {
  /** The redirect whose source is this path (normalised), if any. */
  match(path: string): RedirectInput | undefined;
  /** Follows the redirects from this path to the end; `search` is kept on the final location. */
  resolve(path: string, search?: string): RedirectResolution;
};

/**
 * Indexes redirects by normalised source. Redirects with a faulty source or a
 * destination that leads nowhere (an unpublished page, a project without a
 * slug) are left out; of two with one source, the first in the list wins.
 */
export function createRedirectTable(
  redirects: readonly RedirectInput[],
  options: RedirectOptions = {},
): RedirectTable {
  const bySource = new Map<string, { redirect: RedirectInput; target: RedirectTarget }>();
  for (const redirect of redirects) {
    if (sourceProblem(redirect.source) !== null) continue;
    const target = redirectTarget(redirect.destination, options);
    if (target.kind === "none") continue;
    const key = normalizePath(redirect.source!);
    if (!bySource.has(key)) bySource.set(key, { redirect, target });
  }
  const maxHops = options.maxHops ?? MAX_REDIRECT_HOPS;

  return {
    match: (path) => bySource.get(normalizePath(path))?.redirect,
    resolve(path, search = "") {
      const hops: RedirectInput[] = [];
      const visited = new Set([normalizePath(path)]);
      let current = path;
      for (;;) {
        const entry = bySource.get(normalizePath(current));
        if (!entry) break;
        if (hops.length >= maxHops) return { kind: "too-long", hops };
        hops.push(entry.redirect);
        const { target } = entry;
        if (target.kind === "external") return finish(hops, target.href, true, search);
        if (target.kind === "none") break; // never in the table
        current = target.to;
        const next = normalizePath(current);
        if (visited.has(next)) return { kind: "loop", hops };
        visited.add(next);
      }
      return hops.length ? finish(hops, current, false, search) : { kind: "none" };
    },
  };
}

function finish(
  hops: RedirectInput[],
  location: string,
  external: boolean,
  search: string,
): RedirectResolution {
  const permanent = hops.every((hop) => redirectStatus(hop.permanent) === 308);
  return {
    kind: "redirect",
    status: permanent ? 308 : 307,
    location: appendQuery(location, search),
    external,
    hops,
  };
}

/** One-off form of createRedirectTable(…).resolve for a request URL (absolute, or a path with its query). */
export function resolveRedirect(
  redirects: readonly RedirectInput[],
  url: URL | string,
  options: RedirectOptions = {},
): RedirectResolution {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  return createRedirectTable(redirects, options).resolve(parsed.pathname, parsed.search);
}

/** How a redirect reads in lists and messages: `/old → /work/new-name`. */
export function describeRedirect(
  redirect: RedirectInput,
  options: Pick<RedirectOptions, "siteOrigin"> = {},
): string {
  const target = redirectTarget(redirect.destination, options);
  const to =
    target.kind === "internal" ? target.to : target.kind === "external" ? target.href : "…";
  return `${redirect.source || "…"} → ${to}`;
}
