import {
  defineDocuments,
  defineLocations,
  type PresentationPluginOptions,
} from "sanity/presentation";
import { SINGLETON_PAGES, SINGLETONS } from "./lib/singletons";

/**
 * Where each document shows on the site: Presentation lists these under a
 * document ("Used on 2 pages") and opens them in its preview.
 */
const singletonLocation = (type: keyof typeof SINGLETON_PAGES) =>
  defineLocations({
    select: { title: "title" },
    resolve: (doc) => ({
      locations: [{ title: doc?.title || SINGLETONS[type].title, href: SINGLETON_PAGES[type] }],
    }),
  });

export const resolve: PresentationPluginOptions["resolve"] = {
  mainDocuments: defineDocuments([
    { route: "/", filter: `_id == "${SINGLETONS.homepage.id}"` },
    { route: "/work", filter: `_id == "${SINGLETONS.workPage.id}"` },
    { route: "/work/:slug", filter: `_type == "project" && slug.current == $slug` },
    { route: "/culture", filter: `_id == "${SINGLETONS.culturePage.id}"` },
    { route: "/legal", filter: `_id == "${SINGLETONS.legalPage.id}"` },
  ]),
  locations: {
    homepage: singletonLocation("homepage"),
    workPage: singletonLocation("workPage"),
    culturePage: singletonLocation("culturePage"),
    legalPage: singletonLocation("legalPage"),
    general: defineLocations({
      message: "Used on every page (header, footer, titles)",
      tone: "positive",
      locations: [{ title: "Home", href: SINGLETON_PAGES.homepage }],
    }),
    project: defineLocations({
      select: { title: "title", slug: "slug.current", hidden: "hidden" },
      resolve: (doc) =>
        doc?.slug
          ? {
              locations: [
                { title: doc.title || "Untitled project", href: `/work/${doc.slug}` },
                ...(doc.hidden ? [] : [{ title: "Work", href: SINGLETON_PAGES.workPage }]),
              ],
            }
          : { message: "Give the project an address to preview it", tone: "caution" },
    }),
  },
};
