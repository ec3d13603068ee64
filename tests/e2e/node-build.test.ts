import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./support/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD_DIR = ".cache/build-node-target";
const netlifyFunction = path.join(root, ".netlify/v1/functions/react-router-server.mjs");
const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : null);

/**
 * `npm run build` is the Node server's build (`npm start`), even where
 * Netlify's variables are set: only netlify.toml's build command asks for
 * Netlify's output (vite.config.ts).
 */
test.describe("npm run build", () => {
  let functionBefore: number | null;

  test.beforeAll(async () => {
    test.setTimeout(10 * 60_000);
    functionBefore = mtime(netlifyFunction);
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("npm", ["run", "build"], {
        cwd: root,
        env: {
          ...process.env,
          BUILD_DIR,
          NETLIFY: "true",
          NETLIFY_LOCAL: "true",
          CONTEXT: "production",
        },
        stdio: "ignore",
      });
      child.once("error", reject);
      child.once("close", resolve);
    });
    expect(status, "npm run build exits 0").toBe(0);
  });

  test.afterAll(() => rmSync(path.join(root, BUILD_DIR), { recursive: true, force: true }));

  test("writes precompressed scripts and styles for the Node server", () => {
    const assets = readdirSync(path.join(root, BUILD_DIR, "client/assets"));
    const scripts = assets.filter((name) => /\.(js|css)$/.test(name));
    expect(scripts.length).toBeGreaterThan(0);
    // Files under 1 KB are not worth compressing (vite.config.ts), and React Router writes its
    // manifest after Vite's bundle; every other script and style has both copies.
    const large = scripts.filter(
      (name) =>
        !name.startsWith("manifest-") &&
        statSync(path.join(root, BUILD_DIR, "client/assets", name)).size >= 1024,
    );
    expect(large.length).toBeGreaterThan(0);
    for (const name of large) {
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
  });

  test("tells V8 to compile the large scripts as they stream in, and compresses them with the hint", () => {
    const assets = path.join(root, BUILD_DIR, "client/assets");
    // React Router's route manifest is data, written after Vite's bundle.
    const large = readdirSync(assets).filter(
      (name) =>
        name.endsWith(".js") &&
        !name.startsWith("manifest-") &&
        statSync(path.join(assets, name)).size >= 4096,
    );
    // The shell (React, React Router, the site's frame) is in the client entry's chunk.
    expect(large.some((name) => name.startsWith("entry.client-"))).toBe(true);
    for (const name of large) {
      const code = readFileSync(path.join(assets, name));
      // V8 compiles eagerly what follows the comment: only Vite's one-line map of a chunk's
      // dynamic imports may come before it.
      const lines = code.toString("utf8").split("\n", 2);
      const hintLine = lines[0]!.startsWith("const __vite__mapDeps=") ? lines[1] : lines[0];
      expect(hintLine, name).toBe("//# allFunctionsCalledOnLoad");
      expect(brotliDecompressSync(readFileSync(path.join(assets, `${name}.br`))).equals(code)).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(path.join(assets, `${name}.gz`))).equals(code)).toBe(true);
    }
  });

  test("makes no Netlify function", () => {
    expect(readdirSync(path.join(root, BUILD_DIR, "server"))).not.toContain("server.js");
    expect(mtime(netlifyFunction)).toBe(functionBefore);
  });
});
