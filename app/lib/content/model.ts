import type {
  CulturePageQueryResult,
  GeneralQueryResult,
  HomepageQueryResult,
  LegalPageQueryResult,
  ProjectQueryResult,
  SitemapQueryResult,
  WorkPageQueryResult,
} from "./sanity.types";

/**
 * Names for the shapes the queries in queries.ts return. Every one is derived
 * from sanity.types.ts, which `npm run typegen` generates from the Studio's
 * schema and the queries themselves (docs/content-model.md): nothing here is
 * written by hand, so a schema or query change shows up in the type-check.
 */

type Item<T> = NonNullable<T> extends readonly (infer U)[] ? U : never;

/**
 * A shape with every field optional and nullable, all the way down: what a
 * helper that reads part of a value may be given (the media helpers take
 * images this way, and their unit tests build partial ones).
 */
export type Loose<T> = T extends readonly (infer U)[]
  ? Loose<U>[]
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | null }
    : T;

export type General = NonNullable<GeneralQueryResult>;
export type Homepage = NonNullable<HomepageQueryResult>;
export type WorkPage = NonNullable<WorkPageQueryResult>;
export type ProjectResult = ProjectQueryResult;
export type Project = NonNullable<ProjectQueryResult["project"]>;
export type CulturePage = NonNullable<CulturePageQueryResult>;
export type LegalPage = NonNullable<LegalPageQueryResult>;
export type Sitemap = SitemapQueryResult;

/** What every page-like document shares: the head of its page is built from these. */
export type PageFields = Pick<
  Homepage | WorkPage | Project | CulturePage | LegalPage,
  "_id" | "_type" | "title" | "hidden" | "seo"
>;
export type Seo = NonNullable<PageFields["seo"]>;

export type ProjectCard = Item<WorkPage["projects"]>;

export type MediaItem = NonNullable<Project["hero"]>;
export type MainImage = Extract<MediaItem, { _type: "mainImage" }>;
export type MainVideo = Extract<MediaItem, { _type: "mainVideo" }>;

export type PageModule = Item<Homepage["modules"]>;
export type TextModule = Extract<PageModule, { _type: "textModule" }>;
export type MediaModule = Extract<PageModule, { _type: "mediaModule" }>;
export type GalleryModule = Extract<PageModule, { _type: "galleryModule" }>;
export type PeopleModule = Extract<PageModule, { _type: "peopleModule" }>;
export type Person = Item<PeopleModule["people"]>;
export type ProjectsModule = Extract<PageModule, { _type: "projectsModule" }>;

export type RichText = NonNullable<TextModule["body"]>;
export type RichTextBlock = Extract<Item<RichText>, { _type: "block" }>;
export type RichTextImage = Extract<Item<RichText>, { _type: "image" }>;
export type LinkValue = Item<RichTextBlock["markDefs"]>;

/**
 * An image as the queries project it (imageFields in queries.ts), loosened for
 * the image helpers. Open Graph images (ogImageFields) carry a subset of it.
 */
export type SanityImage = Loose<NonNullable<MainImage["image"]>>;
export type ImageCrop = NonNullable<SanityImage["crop"]>;
export type ImageHotspot = NonNullable<SanityImage["hotspot"]>;
