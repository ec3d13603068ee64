import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { mediaRoutes } from "./support/media";
import { waitUntilReady } from "./support/ready";

/**
 * Every route's HTML through the Nu HTML Checker (vnu-jar, run with the
 * system's Java): no errors. The pages are fetched and checked in one run of
 * the checker (one JVM start), then each route is its own test.
 */

const VNU = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);
const JAVA = process.env.JAVA ?? "java";

const PATHS = [...(await mediaRoutes()).map((route) => route.path), "/no-such-page-for-vnu"];

type Message = { type: string; url: string; message: string; extract?: string; lastLine?: number };

let dir: string;
const errors = new Map<string, string[]>();

function runChecker(files: string[]) {
  return new Promise<Message[]>((resolve, reject) => {
    // One short run: the JIT's quick first tier only (docs/testing.md), with the deeper stack
    // the checker's schema then needs.
    const jvm = ["-XX:TieredStopAtLevel=1", "-Xss16m"];
    const child = spawn(JAVA, [...jvm, "-jar", VNU, "--errors-only", "--format", "json", ...files]);
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", (error) =>
      reject(
        new Error(
          `Could not run Java for the HTML checker (${error.message}): install default-jre-headless`,
        ),
      ),
    );
    child.on("close", () => {
      try {
        resolve((JSON.parse(output) as { messages: Message[] }).messages);
      } catch {
        reject(new Error(`The HTML checker said:\n${output}`));
      }
    });
  });
}

test.beforeAll(async ({ baseUrl }) => {
  // One JVM start checks every page.
  test.setTimeout(180_000);
  await waitUntilReady(baseUrl);
  dir = await mkdtemp(path.join(tmpdir(), "vnu-"));
  const files = await Promise.all(
    PATHS.map(async (route, index) => {
      const file = path.join(dir, `page-${index}.html`);
      await writeFile(file, await (await fetch(baseUrl + route)).text());
      return file;
    }),
  );
  for (const message of await runChecker(files)) {
    if (message.type !== "error" && message.type !== "non-document-error") continue;
    // The checker names files by URL (file:/tmp/…): match on the file's name.
    const index = files.findIndex((file) => message.url.endsWith(`/${path.basename(file)}`));
    const route = PATHS[index] ?? message.url;
    errors.set(route, [
      ...(errors.get(route) ?? []),
      `line ${message.lastLine}: ${message.message} ${message.extract ? `(${message.extract.trim()})` : ""}`,
    ]);
  }
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test.describe("valid HTML (Nu HTML Checker)", () => {
  for (const route of PATHS) {
    test(`${route} has no errors`, () => {
      expect(errors.get(route) ?? []).toEqual([]);
    });
  }

  test("had every page to read", () => {
    const unknown = [...errors.keys()].filter((key) => !PATHS.includes(key));
    expect(unknown.map((key) => errors.get(key))).toEqual([]);
  });
});
