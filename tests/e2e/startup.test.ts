import { inspect } from "node:util";
import { expect, test } from "./support/test";
import { startServer } from "./support/server";

test.describe("start-up validation of the environment", () => {
  const cases: [Record<string, string>, string][] = [
    [{ SANITY_PROJECT_ID: "abc123" }, "SANITY_DATASET"],
    [{ SANITY_DATASET: "production" }, "SANITY_PROJECT_ID"],
    [{ CONTENT_TIMEOUT_MS: "soon" }, "CONTENT_TIMEOUT_MS"],
  ];
  for (const [env, variable] of cases) {
    test(`stops the server on ${inspect(env)} with a message naming ${variable}`, async () => {
      const failure = await startServer(env).then(
        async (server) => {
          await server.stop();
          return undefined;
        },
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/Server exited with 1/);
      expect(failure?.message).toContain(variable);
      expect(failure?.message).toMatch(/Configuration error/);
    });
  }
});
