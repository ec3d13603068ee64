import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// npm 11 runs a dependency's install scripts only when package.json's allowScripts decides it,
// and ends every install with a warning naming the undecided ones. Each package the lock file
// marks as having install scripts is decided, so a fresh `npm ci` prints no such warning
// (docs/decisions/023-install-scripts.md).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

type Lock = { packages: Record<string, { hasInstallScript?: boolean }> };

function undecided(dir: string) {
  const manifest = JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8")) as {
    allowScripts?: Record<string, boolean>;
  };
  const lock = JSON.parse(readFileSync(path.join(root, dir, "package-lock.json"), "utf8")) as Lock;
  const decided = Object.keys(manifest.allowScripts ?? {}).map((entry) =>
    entry.replace(/(.)@.*$/, "$1"),
  );
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key && entry.hasInstallScript)
    .map(([key]) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length))
    .filter((name) => !decided.includes(name));
}

describe("install scripts", () => {
  it.each([".", "studio", "scripts/bench/lighthouse", "netlify/build", "netlify/cli"])(
    "are decided for every package that has them in %s",
    (dir) => {
      expect(undecided(dir)).toEqual([]);
    },
  );
});
