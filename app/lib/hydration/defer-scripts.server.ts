import { Transform } from "node:stream";
import { openSessionStorage, restorePreloads, whenPagePainted } from "./when-painted";

/**
 * Remix's <Scripts> asks for every module of the page up front: its module
 * preloads and its inline module script are fetched while the browser still
 * waits for the stylesheet and the hero, and share a phone's bandwidth with
 * them. This rewrites that markup so the page's JavaScript is requested once
 * the hero is on screen (./when-painted.ts says when), in the same order and
 * with the same preloads. docs/performance.md, "Hydration after the first
 * paint", measures it.
 *
 * The markup React hydrates is the markup Remix rendered: the preloads are
 * taken out and put back, in place of a comment React skips, before the
 * modules run; the module script keeps its tag and attributes.
 */

/** Longest a page waits for its hero before its scripts start anyway. */
export const MAX_WAIT_MS = 3_000;
export const PRELOADS_MARKER = "deferred-module-preloads";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^import (?:\* as (route\d+) from )?("[^"]+");$/gm;

/** The module script's code, made to wait: its static imports become awaited imports. */
function deferredModuleCode(code: string, hrefs: string[]): string | null {
  const imports: string[] = [];
  const rest = code.replace(STATIC_IMPORT, (_whole, binding: string | undefined, url: string) => {
    imports.push(binding ? `const ${binding} = await import(${url});` : `await import(${url});`);
    return "";
  });
  if (imports.length === 0) return null;
  return [
    "(async () => {",
    `await (${whenPagePainted.toString()})(window, ${MAX_WAIT_MS});`,
    `(${restorePreloads.toString()})(document, ${JSON.stringify(PRELOADS_MARKER)}, ${JSON.stringify(hrefs)});`,
    `(${openSessionStorage.toString()})(window);`,
    ...imports,
    rest.trim(),
    "})();",
  ].join("\n");
}

/**
 * The page with its scripts deferred, or null when it has no Remix scripts to
 * defer (then it is sent as it is).
 */
export function deferScripts(html: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const before = html.slice(0, script.index);
  const hrefs = [...before.matchAll(PRELOAD)].map((match) => match[1]!);
  const code = deferredModuleCode(script[2]!, hrefs);
  if (!code || hrefs.length === 0) return null;
  let marked = false;
  const withoutPreloads = before.replace(PRELOAD, () => {
    if (marked) return "";
    marked = true;
    return `<!--${PRELOADS_MARKER}-->`;
  });
  return (
    withoutPreloads + script[1] + code + script[3] + html.slice(script.index + script[0].length)
  );
}

/** Holding the bytes up to the end of Remix's module script: the app's shell, sent in one piece anyway. */
const MAX_HELD_BYTES = 4 * 1024 * 1024;

/** The document stream with deferScripts applied; bytes after the module script pass straight through. */
export function deferScriptsStream() {
  // Latin-1 holds one character per byte, so chunks cut inside a UTF-8 character
  // join back exactly; the rewrite touches only ASCII markup.
  let held = "";
  let done = false;
  const release = (stream: Transform, rewrite: boolean) => {
    stream.push(Buffer.from(rewrite ? (deferScripts(held) ?? held) : held, "latin1"));
    held = "";
    done = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held += chunk.toString("latin1");
      if (MODULE_SCRIPT.test(held)) release(this, true);
      else if (held.length > MAX_HELD_BYTES) release(this, false);
      callback();
    },
    flush(callback) {
      if (!done) release(this, true);
      callback();
    },
  });
}
