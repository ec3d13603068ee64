import { describe, expect, it } from "vitest";
import { startServer } from "./support/server";

describe("start-up validation of the environment", () => {
  it.each([
    [{ SANITY_PROJECT_ID: "abc123" }, "SANITY_DATASET"],
    [{ SANITY_DATASET: "production" }, "SANITY_PROJECT_ID"],
    [{ CONTENT_TIMEOUT_MS: "soon" }, "CONTENT_TIMEOUT_MS"],
  ])("stops the server on %o with a message naming %s", async (env, variable) => {
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
});
