import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The Sanity Studio the site serves at /studio (docs/content.md). Its
 * scripts and styles are static files under /studio/static/ (hashed names,
 * cached for a year); its page, for /studio and every route inside it (the
 * Studio routes in the browser), is answered here from the one index.html
 * the build put aside in <BUILD_DIR>/studio/, with the Studio's own
 * Content-Security-Policy. This is the one place that policy is written.
 */

const SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** What the Studio needs: Sanity's APIs and CDNs, Mux for video, and itself. */
export function studioCsp(inlineScripts: string[]): string {
  const hashes = inlineScripts.map(
    (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
  );
  return [
    "default-src 'self'",
    // Sanity's index.html starts with inline scripts (allowed by hash) and adds
    // the bridge to Sanity's dashboard from its CDN.
    ["script-src 'self'", ...hashes, "https://core.sanity-cdn.com"].join(" "),
    // The Studio's UI is styled-components: styles are injected at run time.
    "style-src 'self' 'unsafe-inline'",
    // Asset previews, user avatars (from whichever sign-in provider), Mux thumbnails.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https://*.mux.com",
    // The Studio's own typeface (Inter) comes from Sanity's static host.
    "font-src 'self' data: https://studio-static.sanity.io",
    "connect-src 'self' https://*.sanity.io wss://*.sanity.io https://*.sanity-cdn.com https://*.mux.com https://storage.googleapis.com",
    // Presentation shows this site in a frame; sign-in may open Sanity's pages.
    "frame-src 'self' https://*.sanity.io",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'self' https://www.sanity.io",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

type StudioPage = { html: string; csp: string };
let cached: { file: string; page: Promise<StudioPage | null> } | undefined;

function studioIndex(): string {
  // The build's folder, as vite.config.ts chose it: a Netlify function finds
  // .netlify/build/studio/ in its bundle (netlify.toml's included_files).
  const netlify = import.meta.env?.MODE === "netlify";
  const buildDir = path.resolve(process.env.BUILD_DIR ?? (netlify ? ".netlify/build" : "build"));
  return path.join(buildDir, "studio/index.html");
}

async function loadPage(file: string): Promise<StudioPage | null> {
  try {
    const html = await readFile(file, "utf8");
    const inline = [...html.matchAll(SCRIPT)].map((match) => match[1] ?? "").filter(Boolean);
    return { html, csp: studioCsp(inline) };
  } catch {
    return null;
  }
}

/** The Studio's page with its headers; a 404 that says how to build it when it is missing. */
export async function studioResponse(): Promise<Response> {
  const file = studioIndex();
  if (cached?.file !== file) cached = { file, page: loadPage(file) };
  const page = await cached.page;
  if (!page) {
    cached = undefined;
    return new Response(
      "The Studio is not part of this build: run `npm run build` (or `npm run studio:build`) with SANITY_STUDIO_PROJECT_ID set. docs/content.md explains.",
      {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      },
    );
  }
  return new Response(page.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Always the current build's page: it names the hashed files of this deploy.
      "Cache-Control": "public, max-age=0, must-revalidate",
      "Content-Security-Policy": page.csp,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Robots-Tag": "noindex",
    },
  });
}
