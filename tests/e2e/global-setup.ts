import { startServer, type RunningServer } from "./support/server";
import { warmImageCache } from "./support/warm";

let server: RunningServer | undefined;

/** One production server on the bundled dataset for every browser test file. */
export async function setup({ provide }: { provide: (key: "baseUrl", value: string) => void }) {
  // E2E_PORT pins the port (to open the site while tests run); otherwise any free one.
  server = await startServer(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {});
  // A fresh server reads the bundled dataset on its first query (fast with the dataset's
  // image-facts.json, seconds without it); wait until the home page answers before any
  // test runs. Each 503 comes after the content deadline, so this is no busy loop.
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${server.url}/`);
    await response.arrayBuffer();
    if (response.status === 200) break;
    if (response.status !== 503 || attempt === 30) {
      throw new Error(
        `The e2e server answered / with ${response.status}:\n${server.logs.join("\n")}`,
      );
    }
  }
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
