import { parseEnv } from "../app/lib/env.server.ts";

/**
 * The bundled dataset's folder as the server reads it (CONTENT_DIR, app/lib/env.server.ts), or
 * undefined when a Sanity project is configured: then the build and the dev server have no
 * dataset files to serve or watch.
 */
export function bundledDatasetDir(): string | undefined {
  // Only what says where the content is: the build and the dev server run no other setting.
  const { SANITY_PROJECT_ID, SANITY_DATASET, CONTENT_DIR } = process.env;
  const { content } = parseEnv({ SANITY_PROJECT_ID, SANITY_DATASET, CONTENT_DIR });
  return content.kind === "bundled" ? content.dir : undefined;
}
