import { isIP } from "node:net";
import path from "node:path";
import { clean, EnvError, parseBoolean, parsePositiveInt } from "~/lib/env-fields.server";
import { parseSpotifyConfig, type SpotifyConfig } from "~/lib/spotify/config.server";

export { EnvError };

/**
 * The server's configuration, read and validated once: the one place the app
 * reads its environment (README.md lists every variable; `npm start` and
 * `npm run dev` both stop on a bad one). A half-configured
 * Sanity connection is a deployment mistake, so it stops the server with a
 * message naming what to set instead of quietly serving the sample content.
 */
export type SanityEnv = {
  projectId: string;
  dataset: string;
  apiVersion: string;
  token: string | undefined;
  useCdn: boolean;
  /** Only for local fakes and tests: e.g. http://127.0.0.1:4010 */
  apiHost: string | undefined;
  /** Where the Studio is, for the edit links stega hides in previewed text (default /studio). */
  studioUrl: string;
};

export type ServerEnv = {
  mode: "production" | "development" | "test";
  content: { kind: "sanity"; sanity: SanityEnv } | { kind: "bundled"; dir: string };
  /** Upper bound for one content query, retries included. */
  contentTimeoutMs: number;
  /** How long the in-process cache trusts a Sanity result without a webhook. */
  contentCacheTtlMs: number;
  /** Verifies Sanity's revalidation webhook; unset: the webhook is refused. */
  webhookSecret: string | undefined;
  /** Opens draft preview and signs its cookie; unset: preview is refused. */
  previewSecret: string | undefined;
  /**
   * Which proxies in front of the Node server may say how a request arrived
   * (X-Forwarded-Proto, X-Forwarded-For): Express's "trust proxy" setting.
   * false: none, the socket is the truth. docs/security.md explains it.
   */
  trustProxy: TrustProxy;
  /** How long the Node server keeps an idle connection: above a load balancer's idle timeout. */
  keepAliveTimeoutMs: number;
  /** Netlify's deploy context (CONTEXT): previews and branch deploys are not indexed. */
  deployContext: string | undefined;
  /**
   * The Studios other than this site's own /studio that may show the site in
   * their preview frame (frame-ancestors): SANITY_STUDIO_URL's origin when it
   * is an address, and SANITY_STUDIO_ORIGINS.
   */
  studioOrigins: string[];
  /** The music widget's Spotify account; null: the widget shows "nothing playing". */
  spotify: SpotifyConfig | null;
  /**
   * The site's public origin (PUBLIC_URL, or the URL Netlify sets), named by pages when
   * general.siteUrl is unset. Unset: the request's own, and nothing is cached (docs/security.md).
   */
  publicUrl: string | undefined;
};

/** A hop count, or addresses and subnets (Express's names loopback, linklocal, uniquelocal). */
export type TrustProxy = false | number | string[];

const DEFAULT_API_VERSION = "2025-02-19";
const API_VERSION = /^(\d{4}-\d{2}-\d{2}|1|X)$/;

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; a number trusts that many
 * hops; otherwise a comma-separated list of addresses, CIDR subnets or
 * Express's names. "true" (trust anyone) is refused: anyone could then claim
 * HTTPS or another client address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || /^(false|0|no)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split("/");
    const version = isIP(address ?? "");
    const maxBits = version === 6 ? 128 : 32;
    const validBits =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits && rest.length === 0);
    if (PROXY_NAMES.has(entry) || (version !== 0 && validBits)) continue;
    throw new EnvError(
      `TRUST_PROXY must be a number of proxies (e.g. 1), or addresses and subnets of your proxies (e.g. "loopback" or "10.0.0.0/8, 192.168.1.10"); "${entry}" is neither.${/^(true|yes|\*)$/i.test(entry) ? " Trusting every address would let any client claim HTTPS or another address." : ""}`,
    );
  }
  return entries;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Origins of Studios allowed to frame the site, besides its own /studio. Each
 * must be exactly an origin (https, or http on this machine for a Studio in
 * development): never a wildcard, which would let any Sanity user's hosted
 * Studio frame the site (docs/security.md, "Framing").
 */
export function parseStudioOrigins(studioUrl: string | undefined, list: string | undefined) {
  const origins = new Set<string>();
  if (studioUrl && /^https?:\/\//.test(studioUrl)) {
    origins.add(parseOrigin("SANITY_STUDIO_URL", studioUrl));
  }
  const entries = (list ?? "").split(",").map((part) => part.trim());
  for (const entry of entries.filter(Boolean)) {
    origins.add(parseOrigin("SANITY_STUDIO_ORIGINS", entry.replace(/\/+$/, ""), true));
  }
  return [...origins];
}

function parseOrigin(name: string, value: string, exact = false) {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below.
  }
  const secure =
    url?.protocol === "https:" || (url?.protocol === "http:" && LOOPBACK.has(url.hostname));
  if (!url || !secure || value.includes("*") || (exact && url.origin !== value)) {
    throw new EnvError(
      `${name} must name Studio origins like https://my-studio.sanity.studio (comma-separated, no wildcard or path), got "${value}".`,
    );
  }
  return url.origin;
}

function parsePublicUrl(source: Record<string, string | undefined>): string | undefined {
  const [name, value] = clean(source.PUBLIC_URL)
    ? ["PUBLIC_URL", clean(source.PUBLIC_URL)!]
    : ["URL", clean(source.URL)];
  if (value === undefined) return undefined;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
    throw new EnvError(
      `${name} must be the site's public address like https://example.com, got "${value}".`,
    );
  }
  return url.origin;
}

export function parseEnv(
  source: Record<string, string | undefined>,
  cwd = process.cwd(),
): ServerEnv {
  const projectId = clean(source.SANITY_PROJECT_ID);
  const dataset = clean(source.SANITY_DATASET);
  const mode: ServerEnv["mode"] =
    source.NODE_ENV === "production"
      ? "production"
      : source.NODE_ENV === "test"
        ? "test"
        : "development";
  const contentTimeoutMs = parsePositiveInt(
    "CONTENT_TIMEOUT_MS",
    clean(source.CONTENT_TIMEOUT_MS),
    10_000,
  );
  const contentCacheTtlMs = parsePositiveInt(
    "CONTENT_CACHE_TTL_MS",
    clean(source.CONTENT_CACHE_TTL_MS),
    60_000,
  );
  const webhookSecret = clean(source.SANITY_WEBHOOK_SECRET);
  const previewSecret = clean(source.SANITY_PREVIEW_SECRET);
  if (previewSecret && previewSecret.length < 16) {
    throw new EnvError("SANITY_PREVIEW_SECRET must be at least 16 characters long.");
  }
  const common = {
    mode,
    contentTimeoutMs,
    contentCacheTtlMs,
    webhookSecret,
    previewSecret,
    trustProxy: parseTrustProxy(clean(source.TRUST_PROXY)),
    keepAliveTimeoutMs: parsePositiveInt(
      "KEEP_ALIVE_TIMEOUT_MS",
      clean(source.KEEP_ALIVE_TIMEOUT_MS),
      5_000,
    ),
    deployContext: clean(source.CONTEXT),
    studioOrigins: parseStudioOrigins(
      clean(source.SANITY_STUDIO_URL),
      clean(source.SANITY_STUDIO_ORIGINS),
    ),
    spotify: parseSpotifyConfig(source),
    publicUrl: parsePublicUrl(source),
  };

  if (projectId || dataset) {
    if (!projectId) {
      throw new EnvError(
        "SANITY_DATASET is set but SANITY_PROJECT_ID is not. Set SANITY_PROJECT_ID to your Sanity project id (sanity.io/manage), or unset SANITY_DATASET to use the bundled content.",
      );
    }
    if (!dataset) {
      throw new EnvError(
        "SANITY_PROJECT_ID is set but SANITY_DATASET is not. Set SANITY_DATASET to the dataset to read (usually production), or unset SANITY_PROJECT_ID to use the bundled content.",
      );
    }
    if (!/^[a-z0-9-]+$/.test(projectId)) {
      throw new EnvError(
        `SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lowercase letters, digits and dashes).`,
      );
    }
    if (!/^[a-z0-9_-]{1,64}$/.test(dataset)) {
      throw new EnvError(
        `SANITY_DATASET "${dataset}" is not a dataset name (lowercase letters, digits, - and _).`,
      );
    }
    const apiVersion = clean(source.SANITY_API_VERSION)?.replace(/^v/, "") ?? DEFAULT_API_VERSION;
    if (!API_VERSION.test(apiVersion)) {
      throw new EnvError(
        `SANITY_API_VERSION must be a date like ${DEFAULT_API_VERSION}, got "${apiVersion}".`,
      );
    }
    const apiHost = clean(source.SANITY_API_HOST);
    if (apiHost && !/^https?:\/\/[^/]+\/?$/.test(apiHost)) {
      throw new EnvError(`SANITY_API_HOST must be an origin like http://127.0.0.1:4010.`);
    }
    const studioUrl = clean(source.SANITY_STUDIO_URL)?.replace(/\/+$/, "") || "/studio";
    if (!/^(\/[\w./-]*|https:\/\/[^\s]+)$/.test(studioUrl)) {
      throw new EnvError(
        `SANITY_STUDIO_URL must be a path on this site like /studio or an https:// address, got "${studioUrl}".`,
      );
    }
    return {
      ...common,
      content: {
        kind: "sanity",
        sanity: {
          projectId,
          dataset,
          apiVersion,
          token: clean(source.SANITY_READ_TOKEN),
          useCdn: parseBoolean("SANITY_USE_CDN", clean(source.SANITY_USE_CDN), true),
          apiHost,
          studioUrl,
        },
      },
    };
  }

  const dir = path.resolve(cwd, clean(source.CONTENT_DIR) ?? "dataset");
  return { ...common, content: { kind: "bundled", dir } };
}

let cached: ServerEnv | undefined;

export function getEnv(): ServerEnv {
  // A production build is production where nothing says otherwise: Netlify's
  // functions run without NODE_ENV.
  const buildMode = import.meta.env?.PROD ? "production" : undefined;
  cached ??= parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? buildMode });
  return cached;
}
