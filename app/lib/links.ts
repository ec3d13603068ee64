import type { LinkValue } from "~/lib/content/model";

/**
 * The one link resolver: rich text, modules and
 * menus all turn a `link` value into a destination here.
 */
export type ResolvedLink =
  { kind: "internal"; to: string } | { kind: "external"; href: string } | { kind: "none" };

/** A project's page: `/work/{slug}`, the slug encoded as one path segment. */
export function projectPath(slug: string): string {
  return `/work/${encodeURIComponent(slug)}`;
}

const SAFE_EXTERNAL = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*)$/i;

export function resolveLink(link: LinkValue | null | undefined): ResolvedLink {
  if (!link) return { kind: "none" };
  if (link.type === "internalLink") {
    if (link.page === "homepage") return { kind: "internal", to: "/" };
    if (link.page === "project") {
      return link.slug ? { kind: "internal", to: projectPath(link.slug) } : { kind: "none" };
    }
    // Any other page type: its slug as given, made root-relative so it never
    // resolves against the current page's path.
    if (!link.slug) return { kind: "none" };
    return { kind: "internal", to: link.slug.startsWith("/") ? link.slug : `/${link.slug}` };
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
