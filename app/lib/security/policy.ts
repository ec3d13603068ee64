/**
 * The headers every answer of the site carries, decided in one place
 * (docs/security.md). Pure, so the app (pages, data requests, resource
 * routes), the Node server (server/app.ts, built with the app) and the tests
 * all read the same policy.
 */

/**
 * Who may frame the site: itself (its own /studio) and the project's own
 * Studios elsewhere, as configured (SANITY_STUDIO_URL, SANITY_STUDIO_ORIGINS).
 * Never a wildcard such as *.sanity.studio: any Sanity user can host a Studio
 * there (docs/security.md, "Framing").
 */
export function frameAncestors(studioOrigins: readonly string[] = []) {
  return ["'self'", ...studioOrigins];
}

/** The other hosts a page loads from; nothing else is allowed. */
const MEDIA_HOSTS = {
  sanityImages: "https://cdn.sanity.io",
  muxImages: "https://image.mux.com",
  // stream.mux.com answers playlists whose renditions live on other *.mux.com
  // CDN hosts that Mux may change without notice (Mux's own CSP advice).
  muxStreams: "https://*.mux.com",
  spotifyImages: "https://i.scdn.co",
};

export const HSTS = "max-age=63072000; includeSubDomains";

type Directives = Record<string, string[]>;

function serialize(directives: Directives) {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

type DocumentPolicy = {
  /** Hash sources (`'sha256-…'`) of the page's inline scripts, and no other inline script runs. */
  scriptHashes: string[];
  /** Sanity's API origins the browser may call: the live stream, and drafts in preview. */
  sanityConnect?: string[];
  /** Where album art comes from when SPOTIFY_API_URL points at a local fake, not Spotify. */
  fakeImageHosts?: string[];
  /** The project's Studios, besides its own /studio, that may frame the page. */
  studioOrigins?: readonly string[];
};

/**
 * The policy of an HTML page: scripts only from the site's own files and the
 * page's own inline scripts, by hash (so a kept copy of the page needs no
 * rewriting), media only from the hosts the site uses. Styles stay `'unsafe-inline'`: components set style attributes
 * (image placeholders, layout variables), and a style cannot run code.
 */
export function documentPolicy({
  scriptHashes,
  sanityConnect = [],
  fakeImageHosts = [],
  studioOrigins = [],
}: DocumentPolicy) {
  const { sanityImages, muxImages, muxStreams, spotifyImages } = MEDIA_HOSTS;
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    // data: for the low-quality placeholders inlined under first-screen images.
    "img-src": ["'self'", "data:", sanityImages, muxImages, spotifyImages, ...fakeImageHosts],
    // blob: for hls.js, which feeds the video element through Media Source Extensions.
    "media-src": ["'self'", "blob:", muxStreams],
    "connect-src": ["'self'", muxStreams, ...sanityConnect],
    "font-src": ["'self'"],
    // hls.js runs its demuxer in a worker made from a blob: URL.
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'none'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": frameAncestors(studioOrigins),
  });
}

/**
 * The policy of everything that is not a page (data requests, JSON, images,
 * videos, scripts, fonts, robots.txt): nothing may run. Opened on its own in
 * a tab, an image or a video still shows (img-src and media-src 'self').
 */
function resourcePolicy(studioOrigins: readonly string[] = []) {
  return serialize({
    "default-src": ["'none'"],
    "img-src": ["'self'"],
    "media-src": ["'self'"],
    "style-src": ["'unsafe-inline'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": frameAncestors(studioOrigins),
  });
}

export const RESOURCE_POLICY = resourcePolicy();

export type ResponseContext = {
  /** The request arrived over HTTPS (directly, or as a trusted proxy says). */
  secure: boolean;
  /** A Netlify deploy preview or branch deploy: search engines keep out. */
  noindex: boolean;
  /** The project's Studios, besides its own /studio, that may frame the answer. */
  studioOrigins?: readonly string[];
};

/** The headers that do not depend on what the response is. */
export function baseHeaders({
  secure,
  noindex,
  studioOrigins,
}: ResponseContext): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Content-Security-Policy": resourcePolicy(studioOrigins),
    ...(secure ? { "Strict-Transport-Security": HSTS } : {}),
    ...(noindex ? { "X-Robots-Tag": "noindex" } : {}),
  };
}

/** Netlify's deploy contexts that are not the public site. */
export function isPreviewDeploy(context: string | undefined) {
  return context === "deploy-preview" || context === "branch-deploy";
}
