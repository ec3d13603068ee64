import { startServer, type RunningServer } from "./support/server";
import { warmImageCache } from "./support/warm";

let server: RunningServer | undefined;

/** One production server on the bundled dataset for every browser test file. */
export async function setup({ provide }: { provide: (key: "baseUrl", value: string) => void }) {
  // E2E_PORT pins the port (to open the site while tests run); otherwise any free one.
  server = await startServer(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {});
  const started = Date.now();
  const warmed = await warmImageCache(server.url);
  console.log(`Warmed the image cache: ${warmed} files in ${Date.now() - started} ms`);
  provide("baseUrl", server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
