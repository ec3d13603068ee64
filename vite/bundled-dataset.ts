import { parseEnv } from "../app/lib/env.server.ts";

/**
 * The bundled dataset's folder as the server reads it (CONTENT_DIR, app/lib/env.server.ts), or
 * undefined when a Sanity project is configured: then the build and the dev server have no
 * dataset files to serve or watch.
 */
export function bundledDatasetDir(): string | undefined {
  const { content } = parseEnv(process.env);
  return content.kind === "bundled" ? content.dir : undefined;
}
