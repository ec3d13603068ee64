import { defineQuery } from "groq";
import { SINGLETONS, type SingletonType } from "./singletons";

/**
 * Every GROQ query of the site. Each takes its inputs as parameters and runs
 * unchanged on Sanity and on the bundled dataset. Projections flatten what the
 * components need, so no component follows a reference itself.
 *
 * Queries are written with `defineQuery` and fragments as plain template
 * strings, so Sanity TypeGen reads them statically: `npm run typegen` derives
 * their result types (sanity.types.ts) from the Studio's schema.
 * Singleton ids are spelled out in the GROQ text (TypeGen cannot follow
 * imports); queries.test.ts checks them against SINGLETONS.
 */

// What the image component uses, and no more: every field is serialised into
// the page for hydration (docs/performance.md, "Inline script"). Open Graph images
// (a URL and its alt text in <head>) take the same. An image the editor marked decorative has
// no alt text, whatever its hidden field still holds.
const imageFields = `
  "alt": select(decorative == true => "", alt),
  crop,
  hotspot,
  asset,
  "dimensions": asset->metadata.dimensions{width, height}
`;

// An image in the first screen (a page's hero, the first Work cards) also brings its blurred
// placeholder (LQIP), seen before the file arrives. Images further down load lazily, ahead of
// the scroll, without one (docs/decisions/062-placeholders-first-screen.md).
const firstScreenImageFields = `
  ${imageFields},
  "lqip": asset->metadata.lqip
`;

// A video Mux is still preparing (or failed to) has nothing to play yet: no player is shown.
const playbackId = `select(coalesce(video.asset->status, "ready") == "ready" => video.asset->playbackId, null)`;

// The MP4 file Mux made of an upload, if any: `high.mp4` for an asset made with `mp4_support`,
// `highest.mp4` for one made with static renditions, as the Studio's Mux plugin now asks.
const mp4Rendition = `select(
  video.asset->data.mp4_support == "standard" => "high.mp4",
  "highest.mp4" in video.asset->data.static_renditions.files[status == "ready"].name => "highest.mp4",
  null
)`;

const videoFields = `
  isVideoPlayer,
  description,
  thumbnailTime,
  "playbackId": ${playbackId},
  "aspectRatio": video.asset->data.aspect_ratio,
  "mp4Rendition": ${mp4Rendition}
`;

const mediaItemFields = `
  _key,
  _type,
  _type == "mainImage" => { "image": image{ ${imageFields} } },
  _type == "mainVideo" => { ${videoFields} }
`;

const firstScreenMediaFields = `
  _key,
  _type,
  _type == "mainImage" => { "image": image{ ${firstScreenImageFields} } },
  _type == "mainVideo" => { ${videoFields} }
`;

const linkFields = `
  type,
  href,
  "page": page->_type,
  "slug": page->slug.current
`;

// Keys are random and nothing reads most of them (React keys fall back to the position), so a
// long text's would be a good part of what it sends (docs/performance.md, "Inline script"):
// spans go without, other blocks than headings with a null one. A heading's id is found by its
// key (RichText.tsx), a link's markDef by its key.
const richTextFields = `
  ...,
  _type == "block" => {
    "_key": select(style in ["h1", "h2", "h3", "h4", "h5", "h6"] => _key),
    "children": children[]{ _type, text, "marks": coalesce(marks, []) }
  },
  _type == "image" => { ${imageFields} },
  markDefs[]{
    ...,
    _type == "link" => { ${linkFields} }
  }
`;

const seoFields = `
  "seo": seo{
    notIndexed,
    metaDescription,
    "ogImage": ogImage{ ${imageFields} }
  }
`;

const pageFields = `
  _id,
  _type,
  title,
  "hidden": hidden == true,
  ${seoFields}
`;

// A card shows its thumbnail, title, client and year (ProjectCard.tsx).
const cardFields = `
  _id,
  title,
  "slug": slug.current,
  client,
  year
`;
const projectCardFields = `${cardFields}, "thumbnail": thumbnail[0]{ ${mediaItemFields} }`;
const firstScreenCardFields = `${cardFields}, "thumbnail": thumbnail[0]{ ${firstScreenMediaFields} }`;

const visible = `[@->hidden != true && defined(@->slug.current)]`;
const visibleCards = `${visible}->{ ${projectCardFields} }`;

const modulesFields = `
  "modules": modules[]{
    _key,
    _type,
    "inverted": inverted == true,
    _type == "textModule" => { heading, body[]{ ${richTextFields} } },
    _type == "mediaModule" => { size, caption, "readableOnPhones": size != "half" && media[0]._type == "mainImage" && readableOnPhones == true, "media": media[0]{ ${mediaItemFields} } },
    _type == "galleryModule" => { heading, "items": items[]{ ${mediaItemFields} } },
    _type == "peopleModule" => { heading, "people": people[]{ _key, name, role, "image": image{ ${imageFields} } } },
    _type == "projectsModule" => { heading, "projects": projects${visibleCards} }
  }
`;

// The Work list: the editors' curated order, or every visible project newest first. The
// cards of its first screen (FIRST_SCREEN_CARDS in app/lib/media/layouts.ts) come with their
// placeholders, the rest without.
const curatedCards = `*[_id == "workPage"][0].projects${visible}`;
// Newest first; a project without a year last, not first, where GROQ would put null.
const allCards = `*[_type == "project" && hidden != true && defined(slug.current)] | order(coalesce(year, 0) desc, title asc)`;
const workListProjection = `select(
  count(*[_id == "workPage"][0].projects) > 0 => [
    ...${curatedCards}[0...2]->{ ${firstScreenCardFields} },
    ...${curatedCards}[2..-1]->{ ${projectCardFields} }
  ],
  [...(${allCards})[0...2]{ ${firstScreenCardFields} }, ...(${allCards})[2..-1]{ ${projectCardFields} }]
)`;

// The "Next project" link: a title, client and year, no picture (work.$project.tsx); the same
// list in the same order.
const nextProjectList = `select(
  count(*[_id == "workPage"][0].projects) > 0 => ${curatedCards}->{ ${cardFields} },
  ${allCards}{ ${cardFields} }
)`;

export const generalQuery = defineQuery(`*[_id == "general"][0]{
  siteTitle,
  metaDescription,
  "favicon": favicon.asset->url,
  "ogImage": ogImage{ ${imageFields} },
  "address": address[]{ ${richTextFields} },
  copyright,
  officePlaylistUrl,
  siteUrl
}`);

export const homepageQuery = defineQuery(`*[_id == "homepage"][0]{
  ${pageFields},
  "hero": hero[0]{ ${firstScreenMediaFields} },
  "intro": intro[]{ ${richTextFields} },
  ${modulesFields}
}`);

export const workPageQuery = defineQuery(`*[_id == "workPage"][0]{
  ${pageFields},
  "intro": intro[]{ ${richTextFields} },
  "projects": ${workListProjection}
}`);

export const projectQuery = defineQuery(`{
  "project": *[_type == "project" && slug.current == $slug][0]{
    ${pageFields},
    "slug": slug.current,
    client,
    year,
    services,
    excerpt,
    "hero": hero[0]{ ${firstScreenMediaFields} },
    ${modulesFields}
  },
  "siblings": ${nextProjectList}
}`);

export const culturePageQuery = defineQuery(`*[_id == "culturePage"][0]{
  ${pageFields},
  "hero": hero[0]{ ${firstScreenMediaFields} },
  ${modulesFields}
}`);

export const legalPageQuery = defineQuery(`*[_id == "legalPage"][0]{
  ${pageFields},
  "body": body[]{ ${richTextFields} }
}`);

/**
 * Every published redirect (docs/content-model.md, "Redirects"), its
 * destination projected as links are, for app/lib/redirects.ts. Oldest first,
 * so of two with one source (which validation refuses) the older wins.
 */
export const redirectsQuery = defineQuery(`*[_type == "redirect" && defined(source)]
| order(_createdAt asc, _id asc){
  _id,
  source,
  "permanent": permanent != false,
  "destination": destination{ ${linkFields} }
}`);

/**
 * Every redirect's id and source, for the Studio's publish action
 * (app/lib/slug-change.ts), which must find any that points away from a
 * project's new address.
 */
export const redirectSourcesQuery = defineQuery(`*[_type == "redirect"]{ _id, source }`);

/** Every page a search engine may index: visible and not marked notIndexed. */
export const sitemapQuery = defineQuery(`{
  "siteUrl": *[_id == "general"][0].siteUrl,
  "pages": *[_id in ["homepage", "workPage", "culturePage", "legalPage"] && hidden != true && seo.notIndexed != true]{ _id, _updatedAt },
  "projects": *[_type == "project" && hidden != true && seo.notIndexed != true && defined(slug.current)]{ "slug": slug.current, _updatedAt }
}`);

/**
 * Every project's slug, hidden ones too (a hidden project still has its page): the project
 * route answers a slug not in it with a 404 and no query of its own, so the keys that reach
 * Sanity and the content cache are bounded by the content, not by the requests
 * (docs/caching.md, "Keys bounded by the content").
 */
export const projectSlugsQuery = defineQuery(
  `*[_type == "project" && defined(slug.current)].slug.current`,
);

/**
 * The cache tags (docs/caching.md): a singleton's id, "project" for any project, "redirect"
 * for the redirect table, a document's own id, and "site" for everything. Pages that list
 * projects carry "project", so publishing any project refreshes every list it may appear in.
 * The revalidation webhook maps a changed document to tags with `tagOfType`, here too,
 * so what a query is tagged with and what a publish purges are one list.
 */
type CacheTag = SingletonType | "project" | "redirect";

/** The tags a change to a document of this type purges, beside its own id and "site". */
export function tagOfType(type: string | undefined): CacheTag | undefined {
  if (type === "project" || type === "redirect") return type;
  if (type && Object.hasOwn(SINGLETONS, type)) return SINGLETONS[type as SingletonType].id;
  return undefined;
}

/** A query with what its answer is built from: one place for both (docs/caching.md). */
export type ContentQuery<Q extends string = string> = {
  readonly query: Q;
  readonly tags: readonly CacheTag[];
};

const tagged = <const Q extends string>(query: Q, tags: readonly CacheTag[]): ContentQuery<Q> => ({
  query,
  tags,
});

/** Every query the site makes, each with its tags; a loader names one of these. */
export const queries = {
  general: tagged(generalQuery, ["general"]),
  homepage: tagged(homepageQuery, ["homepage", "project"]),
  workPage: tagged(workPageQuery, ["workPage", "project"]),
  project: tagged(projectQuery, ["project", "workPage"]),
  projectSlugs: tagged(projectSlugsQuery, ["project"]),
  culturePage: tagged(culturePageQuery, ["culturePage", "project"]),
  legalPage: tagged(legalPageQuery, ["legalPage"]),
  redirects: tagged(redirectsQuery, ["redirect"]),
  sitemap: tagged(sitemapQuery, [...(Object.keys(SINGLETONS) as SingletonType[]), "project"]),
} as const;
