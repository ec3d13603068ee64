/**
 * The one link resolver: rich text and redirects
 * (app/lib/redirects.ts) turn a `link` value into a destination here.
 * Relative imports only: the Studio imports this file too (through
 * app/lib/redirects.ts), for its redirect previews and validation.
 */
import { pagePath } from "./content/singletons";

export type ResolvedLink =
  { kind: "internal"; to: string } | { kind: "external"; href: string } | { kind: "none" };

/**
 * A `link` as the queries project it (`linkFields` in queries.ts): the page's
 * type and slug instead of the reference. Any query's link value fits.
 */
export type LinkInput = {
  type?: string | null;
  page?: string | null;
  href?: string | null;
  slug?: string | null;
};

/** A project's page: `/work/{slug}`, the slug encoded as one path segment. */
export function projectPath(slug: string): string {
  return `/work/${encodeURIComponent(slug)}`;
}

const SAFE_EXTERNAL = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*)$/i;

export function resolveLink(link: LinkInput | null | undefined): ResolvedLink {
  if (!link) return { kind: "none" };
  if (link.type === "internalLink") {
    if (link.page === "project") {
      return link.slug ? { kind: "internal", to: projectPath(link.slug) } : { kind: "none" };
    }
    // A singleton page has no slug: its path is fixed (SINGLETON_PAGES).
    const to = link.page ? pagePath(link.page) : undefined;
    return to ? { kind: "internal", to } : { kind: "none" };
  }
  if (link.type === "externalLink") {
    const href = link.href?.trim();
    return href && SAFE_EXTERNAL.test(href) ? { kind: "external", href } : { kind: "none" };
  }
  return { kind: "none" };
}

/** mailto: and tel: open the visitor's mail or phone app, not a new tab. */
export function opensInNewTab(href: string) {
  return /^https?:/i.test(href);
}
