import type { RouterContextProvider } from "react-router";
import { queries } from "~/lib/content/queries";
import { contentOf, type RequestContent } from "~/lib/request.server";
import {
  createRedirectTable,
  describeRedirect,
  normalizePath,
  type RedirectTable,
} from "~/lib/redirects";
import { isResourcePath } from "~/lib/resource-paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { noStore, VARY_HEADER, WHOLE_QUERY_VARY } from "~/lib/cache/headers.server";

/**
 * The editors' redirects at request time (docs/content-model.md, "Redirects"):
 * the redirect answer for this request's path, or null when none starts here.
 * Called from the root route's middleware, before any loader, for page
 * requests and for the data requests of client navigations alike: React
 * Router turns a redirect answered to a data request into a client navigation
 * when it stays on the site, and into a full navigation when it leaves it.
 * The answer is cached like a page (docs/caching.md), tagged with the redirects
 * and general settings it was built from; with a query string, or spelled other than its
 * normalised source, by no shared cache.
 */
// One table per published list: the content cache hands out the same array until a publish.
const tables = new WeakMap<object, { siteOrigin?: string | null; table: RedirectTable }>();

/** The redirect table for this request's content (cached per list), or null when there is none. */
export async function loadRedirectTable(content: RequestContent): Promise<RedirectTable | null> {
  const [redirects, general] = await Promise.all([
    content.query(queries.redirects),
    content.general(),
  ]);
  if (!redirects?.length) return null;
  const siteOrigin = general?.siteUrl;
  let kept = tables.get(redirects);
  if (!kept || kept.siteOrigin !== siteOrigin) {
    kept = { siteOrigin, table: createRedirectTable(redirects, { siteOrigin }) };
    tables.set(redirects, kept);
  }
  return kept.table;
}

export async function redirectFor(
  request: Request,
  url: URL,
  loadContext: Readonly<RouterContextProvider>,
): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  // No redirect starts at a resource route (sourceProblem), and they need no redirect table:
  // while the content is unreachable, leaving preview and the music widget still answer.
  if (isResourcePath(normalizePath(url.pathname))) return null;
  const content = contentOf(loadContext);
  const table = await loadRedirectTable(content);
  const resolution = table?.resolve(url.pathname, url.search) ?? { kind: "none" };
  if (resolution.kind === "none") return null;
  if (resolution.kind !== "redirect") {
    // Validation refuses these; a copy that slipped through is logged and the page shown.
    const chain = resolution.hops.map((hop) => describeRedirect(hop)).join(", ");
    console.warn(`[redirects] ${url.pathname}: a ${resolution.kind} (${chain}), not followed`);
    return null;
  }
  // A path of this site goes out only as every redirect's does (app/lib/safe-redirect.ts).
  const location = resolution.external
    ? asciiAddress(resolution.location)
    : safeRedirectTarget(resolution.location);
  if (!location) return null;
  for (const hop of resolution.hops) if (hop._id) content.tag(hop._id);
  const headers = content.headers();
  headers.set("Location", location);
  // The Location carries the query string: the CDN keys a redirect on all of it, and keeps only
  // the one without, so random queries never each take a cache entry. A source matches in any
  // case, encoding and trailing slash: only its one spelling is kept, or each would be an entry.
  if (headers.has(VARY_HEADER)) headers.set(VARY_HEADER, WHOLE_QUERY_VARY);
  if (url.search || url.pathname !== normalizePath(url.pathname)) noStore(headers);
  return new Response(null, { status: resolution.status, headers });
}

/**
 * An address as a header carries it: ASCII, the host in punycode and the rest percent-encoded.
 * An editor may type `https://café.example/menü`, which a Location header cannot hold as typed.
 */
function asciiAddress(href: string): string | null {
  try {
    return new URL(href).href;
  } catch {
    return null;
  }
}
