import type { LiveConfig } from "~/lib/live/config";
import type { MetaDescriptor } from "react-router";
import type { General, PageFields, ShellSettings } from "~/lib/content/model";
import { imageUrl, type MediaConfig } from "~/lib/media/config";
import { SHARE_IMAGE } from "~/lib/media/layouts";

/** The site title on error screens, whatever the settings say. */
export const ERROR_SITE_TITLE = "LINTUR";

function formatTitle(pageTitle: string | null, siteTitle: string | null | undefined) {
  return siteTitle ? `${pageTitle} • ${siteTitle}` : pageTitle;
}

function isNoIndex(page: Pick<PageFields, "hidden" | "seo">) {
  return Boolean(page.hidden || page.seo?.notIndexed);
}

/**
 * The site's public address without a trailing slash: general.siteUrl when it
 * is an http(s) URL, else `fallback`, the origin the caller configured.
 */
export function publicOrigin(siteUrl: string | null | undefined, fallback: string) {
  try {
    const url = new URL(siteUrl ?? "");
    if (url.protocol === "https:" || url.protocol === "http:") return url.href.replace(/\/+$/, "");
  } catch {
    // Not set, or not a URL: the caller's fallback.
  }
  return fallback;
}

/** `url` made absolute against `origin`; undefined when there is none or it is not a URL. */
export function absolute(url: string | undefined, origin: string) {
  if (!url) return undefined;
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
}

/** What a request's pages are built from on the server: the settings, media, public origin. */
export type SiteContext = {
  general: General | null;
  media: MediaConfig;
  /** The site's public origin, every absolute address's base (the request context's `origin`). */
  origin: string;
  /** An editor is previewing drafts (the preview banner flag). */
  preview: boolean;
};

/**
 * What the root loader sends to hydrate: what the shell and the pages' components read, and no
 * more (docs/performance.md, "Inline script"). The head is built by the page loaders.
 */
export type ShellData = {
  general: ShellSettings | null;
  media: MediaConfig;
  /** An editor is previewing drafts (the preview banner flag). */
  preview: boolean;
  /** Previewing from the Studio (Sanity content): load click-to-edit overlays. */
  visualEditing?: boolean;
  /** Where the browser hears of publishes, when the page is live (app/lib/live/config.ts). */
  live?: LiveConfig;
  /** The root's sync tags (app/lib/request.server.ts). */
  syncTags?: string[];
};

/** title, description, Open Graph, robots and canonical for one page. */
export function pageMeta(
  page: PageFields | null | undefined,
  site: SiteContext | undefined,
  pathname: string,
): MetaDescriptor[] {
  if (!page || !site) return [];
  const general = site.general;
  const title = formatTitle(page.title, general?.siteTitle);
  const description = page.seo?.metaDescription || general?.metaDescription || undefined;
  const ogSource = page.seo?.ogImage?.asset ? page.seo.ogImage : general?.ogImage;
  const ogImage = absolute(imageUrl(site.media, ogSource, SHARE_IMAGE), site.origin);
  const canonical = absolute(pathname, site.origin);

  const meta: MetaDescriptor[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: ogImage ? "summary_large_image" : "summary" },
  ];
  if (description) {
    meta.push(
      { name: "description", content: description },
      { property: "og:description", content: description },
    );
  }
  if (ogImage) {
    // Share cards read the alt text aloud; without one, the page's title says what it shows.
    const alt = ogSource?.alt || title;
    meta.push(
      { property: "og:image", content: ogImage },
      { property: "og:image:alt", content: alt },
    );
  }
  if (general?.siteTitle) meta.push({ property: "og:site_name", content: general.siteTitle });
  if (canonical) {
    meta.push(
      { property: "og:url", content: canonical },
      { tagName: "link", rel: "canonical", href: canonical },
    );
  }
  if (isNoIndex(page)) meta.push({ name: "robots", content: "noindex, nofollow" });
  return meta;
}

/** Schema.org JSON-LD: a graph of nodes, as app/lib/structured-data.server.ts builds it. */
export type JsonLd = { "@context": "https://schema.org"; "@graph": Record<string, unknown>[] };

/** A page's structured data (built by its loader) for <Meta>. */
export function jsonLd(graph: JsonLd | null | undefined): MetaDescriptor[] {
  return graph ? [{ "script:ld+json": graph }] : [];
}
