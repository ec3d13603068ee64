import { createHash } from "node:crypto";

// An inline script as React and React Router write it: no `src`, its text up
// to the first `</script` (React escapes that sequence inside script text).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// Types a browser checks against script-src (an import map too, as the Studio's page may
// hold one); JSON-LD and other data blocks are never executed, so need no hash.
const RUNNABLE = /^(|module|importmap|text\/javascript|application\/javascript)$/i;

/**
 * The CSP hash sources (`'sha256-…'`) of a page's inline scripts (the site's
 * pages and the Studio's), in the
 * order they appear, each once: the browser runs an inline script only when
 * the hash of its text is listed (docs/security.md, "The page policy").
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE.test(type.trim())) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
