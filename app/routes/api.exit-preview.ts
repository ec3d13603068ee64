import { redirect } from "react-router";
import type { Route } from "./+types/api.exit-preview";
import { endPreviewCookie, safeInternalPath } from "~/lib/preview.server";
import { NO_STORE } from "~/lib/cache/headers.server";

/** GET /api/exit-preview?slug=… — clears the preview cookie and goes back to the page. */
export async function loader({ request }: Route.LoaderArgs) {
  const target = safeInternalPath(new URL(request.url).searchParams.get("slug")) ?? "/";
  return redirect(target, {
    headers: { "Set-Cookie": await endPreviewCookie(), "Cache-Control": NO_STORE },
  });
}
