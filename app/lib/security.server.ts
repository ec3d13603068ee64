/**
 * Security headers of every page and data response. Netlify's header rules
 * do not reach server-rendered responses, so the app sets them itself.
 */
const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  // Framed only by this site and the Sanity Studio (its preview pane).
  "Content-Security-Policy":
    "frame-ancestors 'self' https://*.sanity.studio https://www.sanity.io; base-uri 'self'; object-src 'none'",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function applySecurityHeaders(headers: Headers, request: Request) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}
