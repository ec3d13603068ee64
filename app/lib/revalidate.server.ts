import { purgeCache } from "@netlify/functions";
import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { LRUCache } from "lru-cache";
import { NO_STORE } from "~/lib/cache/headers.server";
import { getContentSource } from "~/lib/content/source.server";
import { tagOfType } from "~/lib/content/queries";
import { publishedId } from "~/lib/content/singletons";
import { getEnv } from "~/lib/env.server";
import { MAX_BODY_BYTES, readBody } from "~/lib/http.server";

/**
 * Sanity's revalidation webhook: verify, map the changed document to cache
 * tags, purge them here and on Netlify's CDN. docs/deploy.md says how to
 * create the webhook in Sanity.
 */

const MAX_SIGNATURE_AGE_MS = 5 * 60 * 1000;
// Sanity's and this server's clocks may disagree a little.
const MAX_CLOCK_SKEW_MS = 60 * 1000;

/**
 * Signatures already taken, kept for as long as they would pass the age check:
 * a captured delivery cannot be sent again. Only valid signatures are kept (an
 * attacker cannot make one), so the bound is never reached in practice. Each
 * process (each Netlify function instance) keeps its own (docs/decisions/014-webhook-replay.md).
 */
const seenSignatures = new LRUCache<string, true>({
  max: 10_000,
  ttl: MAX_SIGNATURE_AGE_MS + MAX_CLOCK_SKEW_MS,
});

type Changed = { _id?: unknown; _type?: unknown; slug?: unknown };

function reply(
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });
}

/** The cache tags a changed document touches (the same names the pages carry). */
export function tagsFor(doc: Changed): string[] {
  const id = typeof doc._id === "string" ? publishedId(doc._id) : undefined;
  const type = typeof doc._type === "string" ? doc._type : undefined;
  const tags = new Set<string>();
  if (id) tags.add(id);
  // The tag of its type ("project", "redirect", a singleton's id), as the queries carry it
  // (queries.ts); anything else (assets, unknown types) may show anywhere.
  const typeTag = tagOfType(type);
  if (typeTag) tags.add(typeTag);
  // A redirect may now send any page's path elsewhere.
  if (!typeTag || typeTag === "redirect") tags.add("site");
  return [...tags];
}

async function purgeCdn(tags: string[]) {
  // Netlify's runtime provides SITE_ID and NETLIFY_PURGE_API_TOKEN to functions.
  if (!process.env.SITE_ID || !process.env.NETLIFY_PURGE_API_TOKEN) return false;
  await purgeCache({ tags, apiURL: process.env.NETLIFY_API_URL || undefined });
  return true;
}

export async function handleRevalidate(request: Request, now = Date.now()): Promise<Response> {
  if (request.method !== "POST") {
    return reply(405, { error: "Use POST." }, { Allow: "POST" });
  }
  const secret = getEnv().webhookSecret;
  if (!secret) {
    console.error("[revalidate] refused: SANITY_WEBHOOK_SECRET is not set");
    return reply(503, { error: "Revalidation is not configured on this server." });
  }
  // Refused before the body is read: no signature, nothing worth reading.
  const signature = request.headers.get(SIGNATURE_HEADER_NAME);
  if (!signature) return reply(401, { error: "Missing signature." });
  let timestamp: number;
  let delivery: string;
  try {
    const decoded = decodeSignatureHeader(signature);
    timestamp = decoded.timestamp;
    // The signed parts, not the header's spelling (spaces around it still verify).
    delivery = `${decoded.timestamp}.${decoded.hashedPayload}`;
  } catch {
    return reply(401, { error: "Malformed signature." });
  }
  const body = await readBody(request);
  if (body === null) return reply(413, { error: `Body over ${MAX_BODY_BYTES} bytes.` });
  if (!(await isValidSignature(body, signature, secret))) {
    return reply(401, { error: "Invalid signature." });
  }
  if (now - timestamp > MAX_SIGNATURE_AGE_MS || timestamp - now > MAX_CLOCK_SKEW_MS) {
    return reply(401, { error: "Signature expired." });
  }
  if (seenSignatures.has(delivery)) {
    return reply(409, { error: "This signature was already used: a delivery is taken once." });
  }
  seenSignatures.set(delivery, true);
  let response: Response | undefined;
  try {
    response = await purge(body);
    return response;
  } finally {
    // A delivery that failed may be retried with the same signature.
    if (!response || response.status >= 500) seenSignatures.delete(delivery);
  }
}

async function purge(body: string): Promise<Response> {
  let changed: Changed;
  try {
    changed = JSON.parse(body) as Changed;
  } catch {
    return reply(400, { error: "Body is not JSON." });
  }
  if (!changed || typeof changed !== "object" || typeof changed._id !== "string") {
    return reply(400, { error: "Body must be the changed document's {_id, _type, slug}." });
  }

  const tags = tagsFor(changed);
  const started = Date.now();
  const purged = await getContentSource().revalidate(tags);
  let cdn: boolean;
  try {
    cdn = await purgeCdn(tags);
  } catch (error) {
    console.error(
      `[revalidate] CDN purge of ${tags.join(",")} failed: ${(error as Error).message}`,
    );
    return reply(502, { error: "The CDN purge failed; the server cache was purged.", tags });
  }
  console.log(
    `[revalidate] ${changed._id}: purged ${tags.join(",")} (${purged} cached queries${cdn ? ", CDN" : ""}) in ${Date.now() - started} ms`,
  );
  return reply(200, { revalidated: true, tags, cdn });
}
