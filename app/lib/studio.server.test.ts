import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { studioCsp, studioResponse } from "./studio.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the Studio's page", () => {
  const previous = process.env.BUILD_DIR;
  let dir: string | undefined;
  afterEach(() => {
    process.env.BUILD_DIR = previous;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("allows exactly the inline scripts of the built page, by hash", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "studio-page-"));
    mkdirSync(path.join(dir, "studio"));
    const inline = "window.__start = 1";
    writeFileSync(
      path.join(dir, "studio/index.html"),
      `<html><head><script>${inline}</script><script src="/studio/static/sanity-abcdefgh.js" type="module"></script></head></html>`,
    );
    process.env.BUILD_DIR = dir;
    const response = await studioResponse();
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain(sha(inline));
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/core\.sanity-cdn\.com;/);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
  });

  it("says how to build the Studio when the build has none", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "studio-none-"));
    process.env.BUILD_DIR = dir;
    const response = await studioResponse();
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const page = await response.text();
    expect(page).toContain("<h1>No Studio in this build</h1>");
    expect(page).toMatch(/SANITY_STUDIO_PROJECT_ID[\s\S]*npm run studio:build/);
  });

  it("lets the Studio reach Sanity and Mux, and be framed only by itself and sanity.io", () => {
    const csp = studioCsp([]);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.sanity\.io [^;]*wss:\/\/\*\.sanity\.io/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.mux\.com/);
    expect(csp).toContain("frame-ancestors 'self' https://www.sanity.io");
  });
});
