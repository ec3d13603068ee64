import { isIP } from "node:net";
import path from "node:path";
import * as v from "valibot";
import {
  EnvError,
  entries,
  field,
  flag,
  isHttp,
  list,
  milliseconds,
  must,
  text,
} from "./env-fields.server";
import { allCredentialsOrNone, spotifyConfig, spotifyVariables } from "./spotify/config.server";

export { EnvError };

/**
 * The server's configuration, read and validated once: the one place the app
 * reads its environment (README.md lists every variable; `npm start` and
 * `npm run dev` both stop on a bad one, naming every variable that is wrong).
 * A half-configured Sanity connection is a deployment mistake, so it stops
 * the server with a message naming what to set instead of quietly serving the
 * sample content.
 */
export type ServerEnv = ReturnType<typeof parseEnv>;
export type SanityEnv = Extract<ServerEnv["content"], { kind: "sanity" }>["sanity"];
/** A hop count, or addresses and subnets (Express's names loopback, linklocal, uniquelocal). */
export type TrustProxy = false | number | string[];

const API_VERSION = "2025-02-19";

/** An address or CIDR subnet, or one of Express's names for a range. */
function isProxy(entry: string) {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
}
const proxyMessage = (entry: string) =>
  `TRUST_PROXY must be a number of proxies (e.g. 1), or addresses and subnets of your proxies (e.g. "loopback" or "10.0.0.0/8, 192.168.1.10"); "${entry}" is neither.${/^(true|yes|\*)$/i.test(entry) ? " Trusting every address would let any client claim HTTPS or another address." : ""}`;

/**
 * A Studio's origin (https, or http on this machine for a Studio in
 * development), never a wildcard: that would let any Sanity user's hosted
 * Studio frame the site (docs/security.md, "Framing").
 */
function studioOrigin(value: string) {
  const url = URL.parse(value);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url?.hostname ?? "");
  const secure = url?.protocol === "https:" || (url?.protocol === "http:" && local);
  return url && secure && !value.includes("*") ? url.origin : undefined;
}

const publicUrl = (name: string) =>
  field(
    (value) => isHttp(value),
    must(name, "be the site's public address like https://example.com"),
    (value) => new URL(value).origin,
  );

/** The schema: every variable the app reads, each with its message (README.md lists them). */
export const variables = {
  NODE_ENV: v.optional(v.picklist(["production", "development", "test"]), "development"),
  SANITY_PROJECT_ID: field(
    /^[a-z0-9-]+$/,
    (issue) =>
      `SANITY_PROJECT_ID "${issue.input}" is not a Sanity project id (lowercase letters, digits and dashes).`,
  ),
  SANITY_DATASET: field(
    /^[a-z0-9_-]{1,64}$/,
    (issue) =>
      `SANITY_DATASET "${issue.input}" is not a dataset name (lowercase letters, digits, - and _).`,
  ),
  SANITY_API_VERSION: field(
    /^v?(\d{4}-\d{2}-\d{2}|1|X)$/,
    must("SANITY_API_VERSION", `be a date like ${API_VERSION}`),
    (version) => version.replace(/^v/, ""),
    API_VERSION,
  ),
  SANITY_READ_TOKEN: text,
  SANITY_USE_CDN: flag("SANITY_USE_CDN", "true"),
  SANITY_API_HOST: field(
    /^https?:\/\/[^/]+\/?$/,
    "SANITY_API_HOST must be an origin like http://127.0.0.1:4010.",
  ),
  SANITY_STUDIO_URL: field(
    (url) => /^\/[\w./-]*$/.test(url) || !!studioOrigin(url),
    must("SANITY_STUDIO_URL", "be a path on this site like /studio or an https:// address"),
    (url) => url.replace(/\/+$/, "") || "/studio",
    "/studio",
  ),
  SANITY_STUDIO_ORIGINS: list(
    (entry) => !entry || studioOrigin(entry) === entry.replace(/\/+$/, ""),
    (entry) =>
      `SANITY_STUDIO_ORIGINS must name Studio origins like https://my-studio.sanity.studio (comma-separated, no wildcard or path), got "${entry}".`,
  ),
  SANITY_WEBHOOK_SECRET: text,
  SANITY_PREVIEW_SECRET: field(
    /^.{16,}$/s,
    "SANITY_PREVIEW_SECRET must be at least 16 characters long.",
  ),
  CONTENT_DIR: field(() => true, "", String, "dataset"),
  CONTENT_TIMEOUT_MS: milliseconds("CONTENT_TIMEOUT_MS", "10000"),
  CONTENT_CACHE_TTL_MS: milliseconds("CONTENT_CACHE_TTL_MS", "60000"),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds("KEEP_ALIVE_TIMEOUT_MS", "5000"),
  // None, a hop count, or the proxies' addresses; never "true" (trust anyone):
  // anyone could then claim HTTPS or another client address.
  TRUST_PROXY: field(
    (value) => /^(false|no|\d+)$/i.test(value) || entries(value).every(isProxy),
    (issue) => proxyMessage(entries(String(issue.input)).find((entry) => !isProxy(entry))!),
    (value): TrustProxy =>
      /^(false|no|0)$/i.test(value) ? false : /^\d+$/.test(value) ? Number(value) : entries(value),
    "false",
  ),
  CONTEXT: text,
  PUBLIC_URL: publicUrl("PUBLIC_URL"),
  URL: publicUrl("URL"),
  ...spotifyVariables,
};
type Variables = v.InferOutput<v.ObjectSchema<typeof variables, undefined>>;

/** SANITY_PROJECT_ID and SANITY_DATASET: both, or neither for the bundled content. */
const sanityBothOrNeither = v.check(
  (env: Variables) => !env.SANITY_PROJECT_ID === !env.SANITY_DATASET,
  (issue: v.CheckIssue<Variables>) =>
    issue.input.SANITY_PROJECT_ID
      ? "SANITY_PROJECT_ID is set but SANITY_DATASET is not. Set SANITY_DATASET to the dataset to read (usually production), or unset SANITY_PROJECT_ID to use the bundled content."
      : "SANITY_DATASET is set but SANITY_PROJECT_ID is not. Set SANITY_PROJECT_ID to your Sanity project id (sanity.io/manage), or unset SANITY_DATASET to use the bundled content.",
);

const schema = v.pipe(v.object(variables), sanityBothOrNeither, allCredentialsOrNone<Variables>());

export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()) {
  // Any other NODE_ENV is development, as React's build reads it.
  const mode = ["production", "test"].includes(source.NODE_ENV!) ? source.NODE_ENV : "development";
  const result = v.safeParse(schema, { ...source, NODE_ENV: mode }, { abortPipeEarly: true });
  if (!result.success) {
    throw new EnvError([...new Set(result.issues.map((issue) => issue.message))].join("\n"));
  }
  const env = result.output;
  const {
    SANITY_PROJECT_ID: projectId,
    SANITY_DATASET: dataset,
    SANITY_STUDIO_URL: studioUrl,
  } = env;
  const origins = [studioUrl, ...(env.SANITY_STUDIO_ORIGINS ?? [])].map(studioOrigin);
  return {
    mode: env.NODE_ENV,
    content:
      projectId && dataset
        ? {
            kind: "sanity" as const,
            sanity: {
              projectId,
              dataset,
              apiVersion: env.SANITY_API_VERSION,
              token: env.SANITY_READ_TOKEN,
              useCdn: env.SANITY_USE_CDN,
              /** Only for local fakes and tests: e.g. http://127.0.0.1:4010 */
              apiHost: env.SANITY_API_HOST,
              /** Where the Studio is, for the edit links stega hides in previewed text. */
              studioUrl,
            },
          }
        : { kind: "bundled" as const, dir: path.resolve(cwd, env.CONTENT_DIR) },
    /** Upper bound for one content query, retries included. */
    contentTimeoutMs: env.CONTENT_TIMEOUT_MS,
    /** How long the in-process cache trusts a Sanity result without a webhook. */
    contentCacheTtlMs: env.CONTENT_CACHE_TTL_MS,
    /** Verifies Sanity's revalidation webhook; unset: the webhook is refused. */
    webhookSecret: env.SANITY_WEBHOOK_SECRET,
    /** Opens draft preview and signs its cookie; unset: preview is refused. */
    previewSecret: env.SANITY_PREVIEW_SECRET,
    /** Whose X-Forwarded-Proto and -For count: Express's "trust proxy" (docs/security.md). */
    trustProxy: env.TRUST_PROXY,
    /** How long the Node server keeps an idle connection: above a load balancer's idle timeout. */
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    /** Netlify's deploy context: previews and branch deploys are not indexed. */
    deployContext: env.CONTEXT,
    /** The Studios besides this site's own /studio that may frame it (frame-ancestors). */
    studioOrigins: [...new Set(origins.filter((origin) => origin !== undefined))],
    /** The music widget's Spotify account; null: the widget shows "nothing playing". */
    spotify: spotifyConfig(env),
    /** The public origin pages name when general.siteUrl is unset (docs/security.md). */
    publicUrl: env.PUBLIC_URL ?? env.URL,
  };
}

let cached: ServerEnv | undefined;

export function getEnv(): ServerEnv {
  // A production build is production where nothing says otherwise: Netlify's
  // functions run without NODE_ENV.
  const buildMode = import.meta.env?.PROD ? "production" : undefined;
  cached ??= parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? buildMode });
  return cached;
}
