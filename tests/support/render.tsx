import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { LOCAL_MEDIA_CONFIG } from "~/lib/media/config";
import type { SiteContext } from "~/lib/seo";

export const TEST_SITE: SiteContext = {
  general: null,
  media: LOCAL_MEDIA_CONFIG,
  origin: "http://localhost",
  preview: false,
};

/**
 * Server-renders a component inside a data router whose "root" route has
 * `site` as its loader data, as in the app, so `useSite()` and React Router's
 * <Link> work in a unit test.
 */
export async function renderWithSite(ui: ReactElement, site: SiteContext = TEST_SITE) {
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => site, element: ui }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
}
