import { readFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes } from "~/lib/security/script-hashes.server";
import { BROWSER_CACHE, NO_STORE } from "~/lib/cache/headers.server";

/**
 * The Sanity Studio the site serves at /studio (docs/content.md). Its
 * scripts and styles are static files under /studio/static/ (hashed names,
 * cached for a year); its page, for /studio and every route inside it (the
 * Studio routes in the browser), is answered here from the one index.html
 * the build put aside in <BUILD_DIR>/studio/, with the Studio's own
 * Content-Security-Policy. This is the one place that policy is written.
 */

/**
 * What the Studio needs: Sanity's APIs and CDNs, Mux for video, and itself;
 * its page's inline scripts by hash, as the site's pages (script-hashes.server.ts).
 */
export function studioCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    // Sanity's index.html starts with inline scripts (allowed by hash) and adds
    // the bridge to Sanity's dashboard from its CDN.
    ["script-src 'self'", ...scriptHashes, "https://core.sanity-cdn.com"].join(" "),
    // The Studio's UI is styled-components: styles are injected at run time.
    "style-src 'self' 'unsafe-inline'",
    // Asset previews, user avatars (from whichever sign-in provider), Mux thumbnails.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https://*.mux.com",
    // The Studio's own typeface (Inter) comes from Sanity's static host.
    "font-src 'self' data: https://studio-static.sanity.io https://design-system-static.sanity.io",
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
  // The build's folder (react-router.config.ts's buildDirectory): a Netlify function finds
  // .netlify/build/studio/ in its bundle (netlify.toml's included_files).
  const netlify = import.meta.env?.MODE === "netlify";
  const buildDir = path.resolve(process.env.BUILD_DIR ?? (netlify ? ".netlify/build" : "build"));
  return path.join(buildDir, "studio/index.html");
}

async function loadPage(file: string): Promise<StudioPage | null> {
  try {
    const html = await readFile(file, "utf8");
    return { html, csp: studioCsp(inlineScriptHashes(html)) };
  } catch {
    return null;
  }
}

/**
 * What /studio answers when the build has no Studio (no Sanity project was set, or the Studio
 * was not built): the same 404 page from the dev server and the production build.
 */
const NO_STUDIO = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>No Studio in this build</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#001489}</style>
</head><body><h1>No Studio in this build</h1>
<p>The Sanity Studio is built into the site once it knows its Sanity project: set
<code>SANITY_STUDIO_PROJECT_ID</code> and <code>SANITY_STUDIO_DATASET</code> (or the site's
<code>SANITY_PROJECT_ID</code> and <code>SANITY_DATASET</code>), then run <code>npm run build</code>
(or <code>npm run studio:build</code>). While you develop, <code>npm run studio</code> runs it on
its own at http://localhost:3333/studio. The repository's <code>docs/content.md</code> walks
through it.</p></body></html>
`;

/** The Studio's page with its headers; a 404 that says how to build it when it is missing. */
export async function studioResponse(): Promise<Response> {
  const file = studioIndex();
  if (cached?.file !== file) cached = { file, page: loadPage(file) };
  const page = await cached.page;
  if (!page) {
    cached = undefined;
    return new Response(NO_STUDIO, {
      status: 404,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": NO_STORE,
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "X-Robots-Tag": "noindex",
      },
    });
  }
  return new Response(page.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Always the current build's page: it names the hashed files of this deploy.
      "Cache-Control": BROWSER_CACHE,
      "Content-Security-Policy": page.csp,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Robots-Tag": "noindex",
    },
  });
}
