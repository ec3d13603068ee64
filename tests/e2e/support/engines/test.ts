import { test as base } from "../test";
import { launchEngine, type Engine, type EngineName } from "./index";

/**
 * The project's test with `engine`: one Firefox or WebKit per worker, which of the two named by
 * the Playwright project (playwright.config.ts's `firefox` and `webkit`).
 */
export const test = base.extend<object, { engine: Engine }>({
  engine: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const engine = await launchEngine(workerInfo.project.name as EngineName);
      await use(engine);
      await engine.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});
export { expect } from "../test";
