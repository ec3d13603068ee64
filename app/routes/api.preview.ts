import { redirect } from "react-router";
import type { Route } from "./+types/api.preview";
import { getContentSource } from "~/lib/content/source.server";
import { getEnv } from "~/lib/env.server";
import { enablePresentationPreview, PRESENTATION_SECRET_PARAM } from "~/lib/presentation.server";
import { safeInternalPath, secretsMatch, startPreviewCookie } from "~/lib/preview.server";
import { plainText as refuse } from "~/lib/http.server";
import { NO_STORE } from "~/lib/cache/headers.server";

/**
 * GET /api/preview?secret=…&slug=/work/x — preview with the shared secret
 * (SANITY_PREVIEW_SECRET), for the bundled dataset or any link; or, from the
 * Studio's Presentation tool, ?sanity-preview-secret=… (presentation.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.has(PRESENTATION_SECRET_PARAM)) {
    return enablePresentationPreview(request);
  }
  const env = getEnv();
  if (!env.previewSecret) {
    return refuse(403, "Preview is not configured on this server: set SANITY_PREVIEW_SECRET.");
  }
  if (env.content.kind === "sanity" && !env.content.sanity.token) {
    return refuse(
      403,
      "Preview needs a Sanity read token to see drafts: set SANITY_READ_TOKEN (a Viewer token).",
    );
  }
  const url = new URL(request.url);
  if (!secretsMatch(url.searchParams.get("secret"), env.previewSecret)) {
    return refuse(401, "Invalid preview secret.");
  }
  const target = safeInternalPath(url.searchParams.get("slug"));
  if (!target) return refuse(400, "slug must be a path on this site, like /work/my-project.");
  // Touch the source so a misconfigured back end fails here, not on the page.
  getContentSource();
  return redirect(target, {
    headers: {
      "Set-Cookie": await startPreviewCookie(env.previewSecret),
      "Cache-Control": NO_STORE,
    },
  });
}
