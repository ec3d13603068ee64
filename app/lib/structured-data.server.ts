import { stegaClean } from "@sanity/client/stega";
import { toPlainText } from "@portabletext/react";
import type {
  BreadcrumbList,
  CreativeWork,
  Graph,
  Organization,
  Thing,
  WebPage,
  WebSite,
} from "schema-dts";
import type { General, MediaItem, PageFields, Project, SanityImage } from "~/lib/content/model";
import { SINGLETON_PAGES, SINGLETONS, type SingletonPage } from "~/lib/content/singletons";
import { projectPath } from "~/lib/links";
import { imageUrl, type MediaConfig } from "~/lib/media/config";
import { videoSources } from "~/lib/media/video";
import { absolute, type JsonLd, type SiteContext } from "~/lib/seo";
import { JSON_LD_IMAGE } from "~/lib/media/layouts";

/**
 * Schema.org structured data (JSON-LD) of every page, in one place
 * (docs/decisions/010-structured-data.md). Built from plain strings only:
 * `plain` strips anything a preview may hide in a string (Sanity's stega
 * marks), so search engines never read it. Built on the server, by the
 * loaders (no byte of it in the browser's bundle); the route's meta hands it
 * to React Router's <Meta> (`jsonLd` in app/lib/seo.ts), which writes it into a
 * `<script type="application/ld+json">` escaping `<`, `>` and `&`, so no text
 * of the content can close the script.
 */

type PageKind = SingletonPage;

const plain = (value: string | null | undefined) => {
  const text = value ? stegaClean(value).trim() : "";
  return text || undefined;
};

function imageOf(media: MediaConfig, image: SanityImage | null | undefined, origin: string) {
  return absolute(imageUrl(media, image, JSON_LD_IMAGE), origin);
}

function mediaImage(media: MediaConfig, item: MediaItem | null | undefined, origin: string) {
  if (!item) return undefined;
  if (item._type === "mainImage") return imageOf(media, item.image, origin);
  return absolute(videoSources(media, item)?.poster, origin);
}

const ids = (origin: string) => ({
  organization: `${origin}/#organization`,
  website: `${origin}/#website`,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,}$/;

/** The address block, line by line: an e-mail line and a phone line are fields of their own. */
function contactOf(address: General["address"] | undefined) {
  const lines = (address ?? [])
    .map((block) => plain(toPlainText([block])))
    .filter((line): line is string => Boolean(line));
  return {
    address: lines.filter((line) => !EMAIL.test(line) && !PHONE.test(line)).join(", ") || undefined,
    email: lines.find((line) => EMAIL.test(line)),
    telephone: lines.find((line) => PHONE.test(line)),
  };
}

function organization(site: SiteContext, origin: string): Organization {
  const general: General | null = site.general;
  return {
    "@type": "Organization",
    "@id": ids(origin).organization,
    name: plain(general?.siteTitle) ?? new URL(origin).hostname,
    url: `${origin}/`,
    logo: absolute(plain(general?.favicon), origin),
    ...contactOf(general?.address),
  };
}

function breadcrumbs(origin: string, trail: { name: string; path: string }[]): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/**
 * The graph as plain JSON: checked against schema.org's types while built,
 * then handed on loosely typed (loader data types would otherwise carry all
 * of schema.org), undefined fields dropped.
 */
function graph(nodes: Thing[]): JsonLd {
  const typed: Graph = { "@context": "https://schema.org", "@graph": nodes };
  return JSON.parse(JSON.stringify(typed)) as JsonLd;
}

/**
 * Home: the agency (Organization) and the site (WebSite). Work, Culture,
 * Legal: the page and its place under home.
 */
export function pageStructuredData(
  kind: PageKind,
  page: PageFields | null | undefined,
  site: SiteContext | undefined,
): JsonLd | null {
  if (!page || !site) return null;
  const { origin } = site;
  const { organization: orgId, website: siteId } = ids(origin);
  if (kind === "homepage") {
    const website: WebSite = {
      "@type": "WebSite",
      "@id": siteId,
      url: `${origin}/`,
      name: plain(site.general?.siteTitle),
      description: plain(site.general?.metaDescription),
      publisher: { "@id": orgId },
    };
    return graph([organization(site, origin), website]);
  }
  const name = plain(page.title) ?? SINGLETONS[kind].title;
  const webPage: WebPage = {
    "@type": kind === "workPage" ? "CollectionPage" : "WebPage",
    url: `${origin}${SINGLETON_PAGES[kind]}`,
    name,
    isPartOf: { "@id": siteId },
  };
  const home = { name: plain(site.general?.siteTitle) ?? "Home", path: "/" };
  return graph([webPage, breadcrumbs(origin, [home, { name, path: SINGLETON_PAGES[kind] }])]);
}

/**
 * A project: the work itself (CreativeWork, made by the agency for its
 * client) and its place under Work.
 */
export function projectStructuredData(
  project: Project | null | undefined,
  site: SiteContext | undefined,
): JsonLd | null {
  if (!project || !site) return null;
  const { origin } = site;
  const slug = project.slug ?? "";
  const url = `${origin}${projectPath(slug)}`;
  const name = plain(project.title) ?? slug;
  const client = plain(project.client);
  const work: CreativeWork = {
    "@type": "CreativeWork",
    "@id": `${url}#work`,
    url,
    name,
    description: plain(project.excerpt) ?? plain(project.seo?.metaDescription),
    image:
      imageOf(site.media, project.seo?.ogImage, origin) ??
      mediaImage(site.media, project.hero, origin),
    dateCreated: project.year ? String(project.year) : undefined,
    creator: {
      "@type": "Organization",
      "@id": ids(origin).organization,
      name: plain(site.general?.siteTitle),
    },
    // Schema.org has no "client": the organisation a work was made for is its sponsor.
    sponsor: client ? { "@type": "Organization", name: client } : undefined,
    keywords: project.services?.map(plain).filter(Boolean).join(", ") || undefined,
  };
  const trail = [
    { name: plain(site.general?.siteTitle) ?? "Home", path: "/" },
    { name: "Work", path: SINGLETON_PAGES.workPage },
    { name, path: projectPath(slug) },
  ];
  return graph([work, breadcrumbs(origin, trail)]);
}
