import { map } from "rxjs";
import { getPublishedId } from "sanity";
import {
  defineDocuments,
  type DocumentLocationResolver,
  type PresentationPluginOptions,
} from "sanity/presentation";
import { PROJECT_PLACES_QUERY, projectLocations, type ProjectPlaces } from "./lib/locations";
import { isSingletonType, pagePath, SINGLETON_PAGES, SINGLETONS } from "./lib/singletons";

/**
 * Where each document shows on the site: Presentation lists these under a document ("Used on
 * 2 pages") and opens them in its preview. Read live, in the perspective the editor looks at,
 * so a project taken off Work or added to a section moves at once.
 */
const locations: DocumentLocationResolver = ({ id, type, perspectiveStack, variant }, context) => {
  const options = { perspective: perspectiveStack, variant };
  const params = { id: getPublishedId(id) };
  if (type === "general")
    return {
      message: "Used on every page (header, footer, titles)",
      tone: "positive",
      locations: [{ title: SINGLETONS.homepage.title, href: SINGLETON_PAGES.homepage }],
    };
  const path = pagePath(type);
  if (path && isSingletonType(type))
    return context.documentStore.listenQuery(`*[_id == $id][0]{ title }`, params, options).pipe(
      map((page: { title?: string } | null) => ({
        locations: [{ title: page?.title || SINGLETONS[type].title, href: path }],
      })),
    );
  if (type === "project")
    return context.documentStore.listenQuery(PROJECT_PLACES_QUERY, params, options).pipe(
      map((places: ProjectPlaces) => {
        const found = projectLocations(params.id, places);
        return found
          ? { locations: found }
          : { message: "Give the project an address to preview it", tone: "caution" as const };
      }),
    );
  return null;
};

export const resolve: PresentationPluginOptions["resolve"] = {
  mainDocuments: defineDocuments([
    ...Object.entries(SINGLETON_PAGES).map(([id, route]) => ({ route, filter: `_id == "${id}"` })),
    {
      route: `${SINGLETON_PAGES.workPage}/:slug`,
      filter: `_type == "project" && slug.current == $slug`,
    },
  ]),
  locations,
};
