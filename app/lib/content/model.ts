import type {
  CulturePageQueryResult,
  GeneralQueryResult,
  HomepageQueryResult,
  LegalPageQueryResult,
  ProjectQueryResult,
  WorkPageQueryResult,
} from "./sanity.types";

/**
 * What the generated types (sanity.types.ts, `npm run typegen`) do not say by themselves: names
 * for the parts of query results that components and helpers take (a media item, a module, an
 * image), each picked out of a query's result type, never written by hand. Loaders need none of
 * these: `content.query` infers a result from its query (docs/content.md, "Types from the schema").
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
/**
 * The general settings the page shell shows (header, footer, menu, favicon): what the root loader
 * sends to hydrate. The rest (description, share image, address of the site) only builds the head,
 * on the server (docs/performance.md, "Inline script").
 */
export type ShellSettings = Pick<
  General,
  "siteTitle" | "favicon" | "address" | "copyright" | "officePlaylistUrl"
>;
type Homepage = NonNullable<HomepageQueryResult>;
type WorkPage = NonNullable<WorkPageQueryResult>;
export type Project = NonNullable<ProjectQueryResult["project"]>;

/** What every page-like document shares: the head of its page is built from these. */
export type PageFields = Pick<
  | Homepage
  | WorkPage
  | Project
  | NonNullable<CulturePageQueryResult>
  | NonNullable<LegalPageQueryResult>,
  "_id" | "_type" | "title" | "hidden" | "seo"
>;

export type ProjectCard = Item<WorkPage["projects"]>;

export type PageModule = Item<Homepage["modules"]>;
type TextModule = Extract<PageModule, { _type: "textModule" }>;

/** A page's hero: with its placeholder (`lqip`), which media further down go without. */
type FirstScreenMediaItem = NonNullable<Project["hero"]>;
type LazyMediaItem = NonNullable<Extract<PageModule, { _type: "mediaModule" }>["media"]>;
export type MediaItem = FirstScreenMediaItem | LazyMediaItem;
export type MainImage = Extract<FirstScreenMediaItem, { _type: "mainImage" }>;
export type MainVideo = Extract<MediaItem, { _type: "mainVideo" }>;
export type PeopleModule = Extract<PageModule, { _type: "peopleModule" }>;

export type RichText = NonNullable<TextModule["body"]>;
type RichTextBlock = Extract<Item<RichText>, { _type: "block" }>;
export type LinkValue = Item<RichTextBlock["markDefs"]>;

/**
 * An image as the queries project it (imageFields in queries.ts), loosened for
 * the image helpers. Open Graph images are projected with the same fields.
 */
export type SanityImage = Loose<NonNullable<MainImage["image"]>>;
