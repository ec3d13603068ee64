import { isIP } from "node:net";
import path from "node:path";
import * as v from "valibot";
// Relative: the Vite config imports this file too (vite/bundled-dataset.ts).
import { SANITY_API_VERSION as DEFAULT_API_VERSION } from "./content/singletons.ts";

/**
 * The server's configuration, read and validated once: the one place the app
 * reads its environment (README.md lists every variable). `npm start` and
 * `npm run dev` both stop on a bad one, naming every variable that is wrong
 * and what to set; a half-set Sanity project or Spotify account stops them too,
 * instead of quietly serving the sample content or a broken widget.
 */
export class EnvError extends Error {
  name = "EnvError";
}

export const DEFAULT_API_URL = "https://api.spotify.com";
export const DEFAULT_CACHE_SECONDS = 15;

/**
 * One variable (parseEnv trims it; blank is unset) that passes `test`, read by `read`;
 * unset, `fallback` is read instead. A string message is "must …" and ends
 * with the value; parseEnv puts the variable's name in front.
 */
function field<T = string, F extends string | undefined = undefined>(
  test: RegExp | ((value: string) => boolean),
  message: string | ((input: string) => string),
  read = (value: string) => value as T,
  fallback?: F,
): v.GenericSchema<string | undefined, F extends string ? T : T | undefined> {
  const passes = typeof test === "function" ? test : (value: string) => test.test(value);
  const say =
    typeof message === "function" ? message : (input: string) => `${message}, got "${input}".`;
  const check = v.check(passes, (issue) => say(String(issue.input)));
  return v.optional(v.pipe(v.string(), check, v.transform(read)), fallback) as never;
}

/** Any text, e.g. a secret (never repeated in a message). */
const text = v.optional(v.string());

/** A whole number from 1 to `max`. */
const count = (what: string, fallback: string, max = Infinity) =>
  field(
    (value) => /^0*[1-9]\d*$/.test(value) && +value <= max,
    `must be ${what}`,
    Number,
    fallback,
  );
const milliseconds = "a positive whole number of milliseconds";

/** An http(s) URL without credentials (and, if `bare`, without query or fragment). */
function isHttp(value: string, bare = false) {
  const url = URL.parse(value);
  const extra = url?.username || url?.password || (bare && (url?.search || url?.hash));
  return !!url && /^https?:$/.test(url.protocol) && !extra;
}

const publicUrl = field(
  (value) => isHttp(value),
  "must be the site's public address like https://example.com",
  (value) => new URL(value).origin,
);

/** A base URL to call, read without a trailing slash. */
const baseUrl = (fallback: string) =>
  field(
    (value) => isHttp(value, true),
    (input) =>
      URL.canParse(input)
        ? `must be an http(s) URL without credentials, query or fragment, like ${fallback}.`
        : `must be a URL like ${fallback}, got "${input}".`,
    (value) => new URL(value).href.replace(/\/+$/, ""),
    fallback,
  );

const entries = (value: string) => value.split(",").map((entry) => entry.trim());

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
const isStudioOrigin = (entry: string) =>
  !entry || studioOrigin(entry) === entry.replace(/\/+$/, "");

/** An address or CIDR subnet, or one of Express's names for a range. */
function isProxy(entry: string) {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
}

/** The schema: every variable the app reads, each with its message (README.md lists them). */
export const variables = {
  // Any other NODE_ENV, padded ones too, is development, as React's build reads it.
  NODE_ENV: v.fallback(v.picklist(["production", "development", "test"]), "development"),
  SANITY_PROJECT_ID: field(
    /^[a-z0-9-]+$/,
    "must be a Sanity project id (lowercase letters, digits and dashes)",
  ),
  SANITY_DATASET: field(
    /^[a-z0-9_-]{1,64}$/,
    "must be a dataset name (lowercase letters, digits, - and _)",
  ),
  SANITY_API_VERSION: field(
    /^v?(\d{4}-\d{2}-\d{2}|1|X)$/,
    `must be a date like ${DEFAULT_API_VERSION}`,
    (version) => version.replace(/^v/, ""),
    DEFAULT_API_VERSION,
  ),
  SANITY_READ_TOKEN: text,
  SANITY_USE_CDN: field(
    /^(1|true|yes|0|false|no)$/i,
    `must be "true" or "false"`,
    (value) => /^(1|true|yes)$/i.test(value),
    "true",
  ),
  SANITY_API_HOST: field(/^https?:\/\/[^/]+\/?$/, "must be an origin like http://127.0.0.1:4010"),
  SANITY_STUDIO_URL: field(
    (url) => /^\/[\w./-]*$/.test(url) || !!studioOrigin(url),
    "must be a path on this site like /studio or an https:// address",
    (url) => url.replace(/\/+$/, "") || "/studio",
    "/studio",
  ),
  SANITY_STUDIO_ORIGINS: field(
    (value) => entries(value).every(isStudioOrigin),
    (input) =>
      `must name Studio origins like https://my-studio.sanity.studio (comma-separated, no wildcard or path), got "${entries(input).find((entry) => !isStudioOrigin(entry))}".`,
    entries,
  ),
  SANITY_WEBHOOK_SECRET: text,
  SANITY_PREVIEW_SECRET: field(/^.{16,}$/s, () => "must be at least 16 characters long."),
  PORT: count("a port number from 1 to 65535", "3000", 65535),
  HOST: field(
    (host) => isIP(host) !== 0 || /^[\w.-]+$/.test(host),
    "must be an address to listen on, like 0.0.0.0, 127.0.0.1, :: or localhost",
    (host) => host,
    "0.0.0.0",
  ),
  CONTENT_DIR: v.optional(v.string(), "dataset"),
  CONTENT_TIMEOUT_MS: count(milliseconds, "10000"),
  CONTENT_CACHE_TTL_MS: count(milliseconds, "60000"),
  KEEP_ALIVE_TIMEOUT_MS: count(milliseconds, "5000"),
  // None, a hop count, or the proxies' addresses; never "true" (trust anyone):
  // anyone could then claim HTTPS or another client address.
  TRUST_PROXY: field(
    (value) => /^(false|no|\d+)$/i.test(value) || entries(value).every(isProxy),
    (input) => {
      const entry = entries(input).find((entry) => !isProxy(entry))!;
      return `must be a number of proxies (e.g. 1), or addresses and subnets of your proxies (e.g. "loopback" or "10.0.0.0/8, 192.168.1.10"); "${entry}" is neither.${/^(true|yes|\*)$/i.test(entry) ? " Trusting every address would let any client claim HTTPS or another address." : ""}`;
    },
    (value): false | number | string[] =>
      /^(false|no|0)$/i.test(value) ? false : /^\d+$/.test(value) ? Number(value) : entries(value),
    "false",
  ),
  CONTEXT: text,
  PUBLIC_URL: publicUrl,
  URL: publicUrl,
  SPOTIFY_CLIENT_ID: text,
  SPOTIFY_CLIENT_SECRET: text,
  SPOTIFY_REFRESH_TOKEN: text,
  SPOTIFY_ACCOUNTS_URL: baseUrl("https://accounts.spotify.com"),
  SPOTIFY_API_URL: baseUrl(DEFAULT_API_URL),
  SPOTIFY_CACHE_SECONDS: count(
    "a whole number of seconds from 1 to 300 (10 to 30 in production)",
    String(DEFAULT_CACHE_SECONDS),
    300,
  ),
};
type Env = v.InferOutput<v.ObjectSchema<typeof variables, undefined>>;

/**
 * Variables that only work together: all set, or none (then `off` says what
 * the site does instead). The message names what is missing, never a value.
 */
function allOrNone(what: Partial<Record<keyof Env, string>>, off: string) {
  const all = Object.keys(what) as (keyof Env)[];
  const names = (list: string[]) => `${list.join(" and ")} ${list.length > 1 ? "are" : "is"}`;
  return v.check(
    (env: Env) => new Set(all.map((name) => !env[name])).size === 1,
    (issue: v.CheckIssue<Env>) => {
      const set = all.filter((name) => issue.input[name]);
      const missing = all.filter((name) => !issue.input[name]);
      const todo = missing.map((name) => `${name} to ${what[name]}`).join(", and ");
      return `${names(set)} set but ${names(missing)} not. Set ${todo}; or unset ${set.join(" and ")} ${off}.`;
    },
  );
}

const schema = v.pipe(
  v.object(variables),
  allOrNone(
    {
      SANITY_PROJECT_ID: "your Sanity project id (sanity.io/manage)",
      SANITY_DATASET: "the dataset to read (usually production)",
    },
    "to use the bundled content",
  ),
  allOrNone(
    {
      SPOTIFY_CLIENT_ID: "the client id of your Spotify app (developer.spotify.com/dashboard)",
      SPOTIFY_CLIENT_SECRET: "the client secret of the same Spotify app",
      SPOTIFY_REFRESH_TOKEN: "a refresh token of the office account (see docs/music-widget.md)",
    },
    `to turn the music widget off (it then shows "nothing playing")`,
  ),
);

export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()) {
  const trimmed = Object.entries(source).map(([name, value]) => [name, value?.trim() || undefined]);
  // NODE_ENV untrimmed: see its field.
  const input = { ...Object.fromEntries(trimmed), NODE_ENV: source.NODE_ENV };
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) {
    // A variable's own message says what it must be; its name goes in front.
    const messages = result.issues.map((issue) =>
      [v.getDotPath(issue), issue.message].filter(Boolean).join(" "),
    );
    throw new EnvError(messages.join("\n"));
  }
  return configure(result.output, cwd);
}

/** What the rest of the app reads: settings grouped by what they configure. */
function configure(env: Env, cwd: string) {
  const { SANITY_PROJECT_ID: projectId, SANITY_DATASET: dataset } = env;
  const { SPOTIFY_CLIENT_ID: clientId, SPOTIFY_CLIENT_SECRET: clientSecret } = env;
  const refreshToken = env.SPOTIFY_REFRESH_TOKEN;
  const studioUrl = env.SANITY_STUDIO_URL;
  const origins = [studioUrl, ...(env.SANITY_STUDIO_ORIGINS ?? [])].map(studioOrigin);
  const sanity =
    projectId && dataset
      ? {
          projectId,
          dataset,
          apiVersion: env.SANITY_API_VERSION,
          token: env.SANITY_READ_TOKEN,
          useCdn: env.SANITY_USE_CDN,
          apiHost: env.SANITY_API_HOST,
          /** Where the Studio is, for the edit links stega hides in previewed text. */
          studioUrl,
        }
      : undefined;
  const spotify =
    clientId && clientSecret && refreshToken
      ? {
          clientId,
          clientSecret,
          refreshToken,
          accountsUrl: env.SPOTIFY_ACCOUNTS_URL,
          apiUrl: env.SPOTIFY_API_URL,
          cacheMs: env.SPOTIFY_CACHE_SECONDS * 1000,
        }
      : null;
  // What each setting does: README.md, "Environment".
  return {
    mode: env.NODE_ENV,
    listen: { port: env.PORT, host: env.HOST },
    content: sanity
      ? { kind: "sanity" as const, sanity }
      : { kind: "bundled" as const, dir: path.resolve(cwd, env.CONTENT_DIR) },
    contentTimeoutMs: env.CONTENT_TIMEOUT_MS,
    contentCacheTtlMs: env.CONTENT_CACHE_TTL_MS,
    /** Unset: the webhook is refused. */
    webhookSecret: env.SANITY_WEBHOOK_SECRET,
    /** Opens draft preview and signs its cookie; unset: preview is refused. */
    previewSecret: env.SANITY_PREVIEW_SECRET,
    /** Express's "trust proxy" (docs/security.md). */
    trustProxy: env.TRUST_PROXY,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    /** Netlify's deploy context: previews and branch deploys are not indexed. */
    deployContext: env.CONTEXT,
    /** The Studios besides this site's own /studio that may frame it (frame-ancestors). */
    studioOrigins: [...new Set(origins.filter((origin) => origin !== undefined))],
    /** The music widget's Spotify account; null: the widget shows "nothing playing". */
    spotify,
    /** The public origin pages name when general.siteUrl is unset (docs/security.md). */
    publicUrl: env.PUBLIC_URL ?? env.URL,
  };
}

export type ServerEnv = ReturnType<typeof parseEnv>;
export type SanityEnv = Extract<ServerEnv["content"], { kind: "sanity" }>["sanity"];
export type SpotifyConfig = NonNullable<ServerEnv["spotify"]>;

let cached: ServerEnv | undefined;

export function getEnv(): ServerEnv {
  // A production build is production where nothing says otherwise: Netlify's
  // functions run without NODE_ENV.
  const buildMode = import.meta.env?.PROD ? "production" : undefined;
  cached ??= parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? buildMode });
  return cached;
}
