import type { Route } from "./+types/$";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { contentOf } from "~/lib/request.server";
import { decodePath } from "~/lib/http.server";

// Any path no route matches: the root ErrorBoundary shows the 404 screen.
export async function loader({ context, url }: Route.LoaderArgs) {
  const content = contentOf(context);
  throw content.notFound(`Page not found: ${decodePath(url.pathname)}`);
}

export const headers = mergeCacheHeaders;

export default function NotFoundRoute() {
  return null;
}
