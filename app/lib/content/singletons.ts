/**
 * The documents that exist once, by `_id` (equal to their `_type`): the one
 * list the Studio's structure, the site's queries and the publish webhook's
 * tag mapping all read. The Studio imports this file by relative path
 * (studio/src/lib/singletons.ts), so it must stay free of imports.
 */

/** The GROQ API version the site (unless SANITY_API_VERSION says otherwise) and its Studio use. */
export const SANITY_API_VERSION = "2025-02-19";

export const SINGLETONS = {
  general: { id: "general", title: "General settings" },
  homepage: { id: "homepage", title: "Home" },
  workPage: { id: "workPage", title: "Work" },
  culturePage: { id: "culturePage", title: "Culture" },
  legalPage: { id: "legalPage", title: "Legal" },
} as const;

export type SingletonType = keyof typeof SINGLETONS;

/** The singletons that are pages of the site, with the path each one is served at. */
export const SINGLETON_PAGES = {
  homepage: "/",
  workPage: "/work",
  culturePage: "/culture",
  legalPage: "/legal",
} as const satisfies Partial<Record<SingletonType, string>>;

export type SingletonPage = keyof typeof SINGLETON_PAGES;

/** The path a singleton page is served at, by its id (equal to its type); undefined for others. */
export function pagePath(id: string): string | undefined {
  return Object.hasOwn(SINGLETON_PAGES, id) ? SINGLETON_PAGES[id as SingletonPage] : undefined;
}

/** A document's published id: a draft's id without its `drafts.` prefix. */
export function publishedId(id: string): string {
  return id.replace(/^drafts\./, "");
}

export function isSingletonType(type: unknown): type is SingletonType {
  return typeof type === "string" && Object.hasOwn(SINGLETONS, type);
}
