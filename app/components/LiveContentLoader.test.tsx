import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveContentLoader } from "./LiveContentLoader";

// Loading the chunk and hearing publishes: tests/e2e/live.test.ts.
describe("the live content loader", () => {
  it("renders nothing on the server, live or not: the chunk loads after hydration", () => {
    for (const config of ["dev", { events: "https://example.invalid/live" }, undefined] as const) {
      expect(renderToString(<LiveContentLoader config={config} />)).toBe("");
    }
  });
});
