/**
 * The URLs of the resource routes, the routes with no page (app/routes: the API, media, the
 * Studio, robots.txt and the sitemap), in one place: the Node server's request guard answers a
 * method they do not take, and the root middleware refuses their `.data` twins
 * (app/lib/canonical-path.server.ts). `resource-paths.test.ts` holds it to app/routes.
 */
const RESOURCE = /^\/(?:api\/|(?:media|studio)(?:\/|$)|(?:robots\.txt|sitemap\.xml)$)/;

/** Whether a (canonical) path is answered by a resource route. */
export function isResourcePath(path: string): boolean {
  return RESOURCE.test(path);
}
