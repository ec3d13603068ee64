import { redirect } from "react-router";
import type { SanityBackend } from "~/lib/content/sanity.server";
import { getContentSource } from "~/lib/content/source.server";
import { getEnv } from "~/lib/env.server";
import {
  refusePreview as refuse,
  safeInternalPath,
  startPreviewCookie,
} from "~/lib/preview.server";

/** The query parameter that marks a preview link from the Studio's Presentation tool. */
export const PRESENTATION_SECRET_PARAM = "sanity-preview-secret";

/**
 * /api/preview?sanity-preview-secret=…&sanity-preview-pathname=/work/x, as the
 * Studio's Presentation tool opens it in its preview frame. The secret is one
 * the Studio has just stored in the dataset (valid for an hour);
 * @sanity/preview-url-secret looks it up with the read token. A match sets
 * the same preview cookie as the shared secret does and goes to the page, on
 * this site only. docs/content.md explains the set-up.
 */
export async function enablePresentationPreview(request: Request): Promise<Response> {
  const env = getEnv();
  if (env.content.kind !== "sanity") {
    return refuse(
      403,
      "Click-to-edit preview needs a Sanity project: set SANITY_PROJECT_ID and SANITY_DATASET.",
    );
  }
  if (!env.content.sanity.token) {
    return refuse(
      403,
      "Preview needs a Sanity read token to check the Studio's secret and read drafts: set SANITY_READ_TOKEN (a Viewer token).",
    );
  }
  if (!env.previewSecret) {
    return refuse(
      403,
      "Preview is not configured on this server: set SANITY_PREVIEW_SECRET (it signs the preview cookie).",
    );
  }
  const backend = getContentSource().backend as SanityBackend;
  let result: Awaited<ReturnType<SanityBackend["validatePreviewUrl"]>>;
  try {
    result = await backend.validatePreviewUrl(request.url);
  } catch (error) {
    console.error(`[preview] checking the Studio's secret failed: ${(error as Error).message}`);
    return refuse(503, "Sanity could not be asked about this preview link. Try again in a moment.");
  }
  if (!result.isValid) {
    return refuse(
      401,
      "This preview link is not valid or has expired. Open the page again from the Studio's Presentation tool.",
    );
  }
  const target = safeInternalPath(result.redirectTo ?? "/");
  if (!target) return refuse(400, "The preview link must lead to a page on this site.");
  return redirect(target, {
    headers: {
      "Set-Cookie": await startPreviewCookie(env.previewSecret),
      "Cache-Control": "private, no-store",
    },
  });
}
