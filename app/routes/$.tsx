import type { Route } from "./+types/$";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { contentFor } from "~/lib/content/request.server";
import { decodePath } from "~/lib/http.server";

// Any path no route matches: the root ErrorBoundary shows the 404 screen.
export async function loader({ request, url }: Route.LoaderArgs) {
  const content = await contentFor(request);
  throw content.notFound(`Page not found: ${decodePath(url.pathname)}`);
}

export const headers = mergeCacheHeaders;

export default function NotFoundRoute() {
  return null;
}
