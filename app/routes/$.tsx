import type { LoaderFunctionArgs } from "@remix-run/node";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { contentFor } from "~/lib/content/request.server";
import { decodePath } from "~/lib/http.server";

// Any path no route matches: the root ErrorBoundary shows the 404 screen.
export async function loader({ request }: LoaderFunctionArgs) {
  const content = await contentFor(request);
  throw content.notFound(`Page not found: ${decodePath(new URL(request.url).pathname)}`);
}

export const headers = mergeCacheHeaders;

export default function NotFoundRoute() {
  return null;
}
