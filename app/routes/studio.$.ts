import type { Route } from "./+types/studio.$";
import { plainText } from "~/lib/http.server";
import { studioResponse } from "~/lib/studio.server";

/** /studio and every path inside it: the Sanity Studio's page (app/lib/studio.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  // A Studio file that is not there is a 404, not the Studio's page in its place.
  if (new URL(request.url).pathname.startsWith("/studio/static/")) {
    return plainText(404, "Not found");
  }
  return studioResponse();
}
