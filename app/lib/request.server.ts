import {
  createContext,
  data,
  type MetaDescriptor,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { cacheHeaders, PREVIEW_COOKIE } from "~/lib/cache/headers.server";
import type { PageFields } from "~/lib/content/model";
import { queries, type ContentQuery } from "~/lib/content/queries";
import { getEnv } from "~/lib/env.server";
import { fullPath } from "~/lib/http.server";
import { getMediaConfig } from "~/lib/media/config.server";
import { isPreview } from "~/lib/preview.server";
import { pageMeta, publicOrigin, type SiteContext } from "~/lib/seo";
import { pageStructuredData } from "~/lib/structured-data.server";
import type { SingletonPage } from "~/lib/content/singletons";
import { liveEventIdOf } from "~/lib/live/config";
import { getContentSource, type QueryResult } from "~/lib/content/source.server";
import { withoutStega } from "~/lib/content/stega.server";
import type { QueryParams } from "~/lib/content/types";

/**
 * A loader's view of the content: queries run in preview when the editor's
 * cookie says so, every tag they were built from ends up in the
 * response's cache headers, and their sync tags in `syncTags()`, which the
 * loader's data carries for the live updates (app/components/LiveContent.tsx).
 */
async function contentFor(request: Request) {
  const preview = await isPreview(request);
  const tags = new Set<string>(["site"]);
  const syncTags = new Set<string>();
  const lastLiveEventId = preview ? undefined : liveEventIdOf(new URL(request.url));
  // Only a valid preview cookie skips the cache; an invented one is never kept either, so each
  // made-up value cannot become a CDN entry of its own (`Netlify-Vary: cookie=__preview`).
  let uncacheable = preview || hasCookie(request, PREVIEW_COOKIE);
  const source = getContentSource();
  let general: Promise<QueryResult<typeof queries.general.query>> | undefined;
  let site: Promise<SiteContext> | undefined;
  const content = {
    preview,
    /** A query of queries.ts: its answer typed as TypeGen says, its tags on the response. */
    query<Q extends string>({ query, tags: queryTags }: ContentQuery<Q>, params: QueryParams = {}) {
      for (const tag of queryTags) tags.add(tag);
      return source.query(query, params, {
        tags: [...queryTags],
        preview,
        syncTags,
        lastLiveEventId,
      });
    },
    /** The sync tags of every query run so far, for the loader's data. */
    syncTags: () => [...syncTags].sort(),
    /**
     * A page's <head> (title, description, Open Graph, robots, canonical), built here so that
     * what only the head reads (the page's seo, the settings' description and share image, the
     * origin) is not sent to hydrate (docs/performance.md, "Inline script"); free of the stega
     * edit links that previewed text carries.
     */
    head(page: PageFields, site: SiteContext, pathname: string): MetaDescriptor[] {
      const { _id, _type, title, hidden, seo } = page;
      const fields = { _id, _type, title, hidden, seo };
      return pageMeta(preview ? withoutStega(fields) : fields, site, pathname);
    },
    tag(...more: string[]) {
      for (const tag of more) tags.add(tag);
    },
    /**
     * The site's public address: general.siteUrl, else PUBLIC_URL or Netlify's URL. Only with
     * none set is it the request's own origin, and then the answer is never kept: a forged Host
     * must not reach anything a cache keeps (docs/security.md, "Forged hosts").
     */
    origin(siteUrl: string | null | undefined): string {
      const configured = publicOrigin(withoutStega(siteUrl), getEnv().publicUrl ?? "");
      if (configured) return configured;
      uncacheable = true;
      return new URL(request.url).origin;
    },
    headers(options: { notFound?: boolean } = {}) {
      return cacheHeaders({ tags, preview: uncacheable, notFound: options.notFound });
    },
    /** A 404 for the error screen, cached briefly and tagged like the page. */
    notFound(message: string) {
      return data(message, {
        status: 404,
        statusText: "Not Found",
        headers: cacheHeaders({ tags, preview: uncacheable, notFound: true }),
      });
    },
    /** The 404 of a route whose page is not there (an unpublished page, an unknown slug). */
    pageNotFound(url: URL) {
      return content.notFound(`Page Not Found: ${fullPath(url)}`);
    },
    /** The general settings, read once per request (redirects, root loader, page loader). */
    general() {
      general ??= content.query(queries.general);
      return general;
    },
    /**
     * What the root loader hands every page (general settings, media, origin), built once per
     * request; a page loader takes it for its structured data.
     */
    site(): Promise<SiteContext> {
      site ??= content.general().then((settings) => ({
        general: settings,
        media: getMediaConfig(),
        origin: content.origin(settings?.siteUrl),
        preview,
      }));
      return site;
    },
  };
  return content;
}

/**
 * The loader of a page that is one document (home, Work, Culture, Legal):
 * the page and its structured data with their cache headers, or the 404
 * screen when it is not published.
 */
export async function loadSingletonPage<K extends SingletonPage>(
  { context, url }: { context: Readonly<RouterContextProvider>; url: URL },
  kind: K,
) {
  const content = contentOf(context);
  const [answer, site] = await Promise.all([
    content.query<(typeof queries)[K]["query"]>(queries[kind]),
    content.site(),
  ]);
  // Each singleton's query answers its page or null; TypeScript cannot carry that through a
  // generic lookup, so it is said once here.
  const page = answer as
    (NonNullable<QueryResult<(typeof queries)[K]["query"]>> & PageFields) | null;
  if (!page) throw content.pageNotFound(url);
  return data(
    {
      page: withoutHeadFields(page),
      head: content.head(page, site, url.pathname),
      structuredData: pageStructuredData(kind, page, site),
      syncTags: content.syncTags(),
    },
    { headers: content.headers() },
  );
}

const HEAD_ONLY = ["_id", "_type", "hidden", "seo"] as const;
type HeadOnly = (typeof HEAD_ONLY)[number];
/** Omit, kept apart for each member of a union (a page type is one per document variant). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A page as its components read it: without the fields only its head is built from
 * (`content.head`), which need not be sent to hydrate (docs/performance.md, "Inline script").
 */
export function withoutHeadFields<P extends PageFields>(page: P): Without<P, HeadOnly> {
  const body: Partial<P> = { ...page };
  for (const key of HEAD_ONLY) delete body[key];
  return body as Without<P, HeadOnly>;
}

function hasCookie(request: Request, name: string) {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${name}=`));
}

export type RequestContent = Awaited<ReturnType<typeof contentFor>>;

/** The request's content, built once by the root middleware (`contentMiddleware`). */
const requestContent = createContext<RequestContent | null>(null);

/**
 * The root's middleware after `securityHeaders`: the request's content view (preview state, tags, site context),
 * built once and read by the redirects, every loader and entry.server.tsx.
 */
export const contentMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  context.set(requestContent, await contentFor(request));
  return next();
};

/** The request's content view; only under the root, whose middleware builds it. */
export function contentOf(context: Readonly<RouterContextProvider>): RequestContent {
  const content = context.get(requestContent);
  if (!content) throw new Error("No request content: contentMiddleware runs first in app/root.tsx");
  return content;
}

/** The request's content view when the middleware built one (a render after it ran). */
export function maybeContentOf(context: Readonly<RouterContextProvider>): RequestContent | null {
  return context.get(requestContent);
}
