import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isResourcePath } from "./resource-paths";

const routes = path.resolve(import.meta.dirname, "../routes");

/** A path each flat-route file answers: `$param` and `$` filled in, `[.]` as a dot. */
function samplePath(file: string): string {
  const name = file.replace(/\.tsx?$/, "").replace(/\[\.\]/g, "~");
  const segments = name
    .split(".")
    .filter((part) => part !== "_index")
    .map((part) => (part.startsWith("$") ? "x" : part.replace(/~/g, ".")));
  return `/${segments.join("/")}`;
}

describe("isResourcePath", () => {
  const files = readdirSync(routes).filter(
    (file) => /\.tsx?$/.test(file) && !file.includes(".test."),
  );

  it.each(files)("names %s a resource exactly when it has no page", (file) => {
    const page = /^export default /m.test(readFileSync(path.join(routes, file), "utf8"));
    expect(isResourcePath(samplePath(file)), samplePath(file)).toBe(!page);
  });

  it("takes /studio itself, not look-alikes", () => {
    expect(isResourcePath("/studio")).toBe(true);
    expect(isResourcePath("/studios")).toBe(false);
    expect(isResourcePath("/api")).toBe(false);
    expect(isResourcePath("/robots.txt/x")).toBe(false);
  });
});
