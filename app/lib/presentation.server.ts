import { LRUCache } from "lru-cache";
import { redirect } from "react-router";
import type { SanityBackend } from "~/lib/content/sanity.server";
import { getContentSource } from "~/lib/content/source.server";
import { getEnv } from "~/lib/env.server";
import { plainText as refuse } from "~/lib/http.server";
import { safeInternalPath, startPreviewCookie } from "~/lib/preview.server";
import { NO_STORE } from "~/lib/cache/headers.server";

/** The query parameter that marks a preview link from the Studio's Presentation tool. */
export const PRESENTATION_SECRET_PARAM = "sanity-preview-secret";

type Validation = Awaited<ReturnType<SanityBackend["validatePreviewUrl"]>>;

/**
 * Each check of a secret is a query to Sanity with the read token, so what a
 * stranger can make the server ask is bounded (docs/security.md, "Preview"):
 * a value that cannot be a secret is refused unasked, a refused secret is
 * remembered for ten seconds, the same link checked twice at once is one query,
 * and at most MAX_CHECKS run at once (a burst beyond that gets a 503).
 */
const SECRET_SHAPE = /^[\w-]{8,128}$/;
const MAX_CHECKS = 4;
const refusedSecrets = new LRUCache<string, true>({ max: 1_000, ttl: 10_000 });
/** Checks under way, by preview link: the same link asked twice at once is one query. */
const checking = new Map<string, Promise<Validation>>();

function checkOnce(link: string, check: () => Promise<Validation>) {
  let pending = checking.get(link);
  if (!pending) {
    pending = check().finally(() => checking.delete(link));
    checking.set(link, pending);
  }
  return pending;
}

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
  const secret = new URL(request.url).searchParams.get(PRESENTATION_SECRET_PARAM) ?? "";
  if (!SECRET_SHAPE.test(secret) || refusedSecrets.has(secret)) return invalidLink();
  if (!checking.has(request.url) && checking.size >= MAX_CHECKS) {
    return refuse(503, "Too many preview links are being checked at once. Try again in a moment.", {
      "Retry-After": "1",
    });
  }
  const backend = getContentSource().backend as SanityBackend;
  let result: Validation;
  try {
    result = await checkOnce(request.url, () => backend.validatePreviewUrl(request.url));
  } catch (error) {
    console.error(`[preview] checking the Studio's secret failed: ${(error as Error).message}`);
    return refuse(503, "Sanity could not be asked about this preview link. Try again in a moment.");
  }
  if (!result.isValid) {
    refusedSecrets.set(secret, true);
    return invalidLink();
  }
  const target = safeInternalPath(result.redirectTo ?? "/");
  if (!target) return refuse(400, "The preview link must lead to a page on this site.");
  return redirect(target, {
    headers: {
      "Set-Cookie": await startPreviewCookie(env.previewSecret),
      "Cache-Control": NO_STORE,
    },
  });
}

function invalidLink() {
  return refuse(
    401,
    "This preview link is not valid or has expired. Open the page again from the Studio's Presentation tool.",
  );
}
