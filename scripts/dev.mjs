#!/usr/bin/env node
// `npm run dev`: React Router's Vite dev server. It first checks what `npm start` checks: the
// Node version package.json's engines names, and the environment (the app's one schema,
// app/lib/env.server.ts), so a bad variable stops it with the variable's name instead of a 500
// on the first request. Unless real Spotify credentials are set, it then starts a local fake
// Spotify on 127.0.0.1 that answers a track, an episode and silence in turn (one step per
// question the site asks), and points the music widget's route at it, so every state shows
// without an account or a network. Arguments go to `react-router dev` (e.g. `-- --port 3001`).
// Only node: modules and the version check are imported statically: an older Node must reach it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { constants } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { requireNode } from "../server/require-node.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

requireNode("The dev server");
const { runnerImport } = await import("vite");
/** A TypeScript module of the app, loaded through Vite with the app's `~` alias. */
const importApp = async (file) =>
  (
    await runnerImport(path.join(root, file), {
      resolve: { alias: { "~": path.join(root, "app") } },
    })
  ).module;
// A local .env (see .env.example) fills in what the shell did not set.
// Tests set SKIP_ENV_FILE so a developer's .env never leaks into them.
if (!process.env.SKIP_ENV_FILE && existsSync(path.join(root, ".env"))) {
  process.loadEnvFile(path.join(root, ".env"));
}
const env = { ...process.env };

// The same validation `npm start` runs when the server build loads.
const { parseEnv } = await importApp("app/lib/env.server.ts");
let config;
try {
  config = parseEnv({ ...env, NODE_ENV: env.NODE_ENV ?? "development" }, root);
} catch (error) {
  if (error?.name !== "EnvError") throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

let fake;
// The schema refuses a half-set account: no account here means none of the three is set.
if (!config.spotify) {
  // The same fake the tests use, loaded through Vite because it is TypeScript.
  const { startFakeSpotify } = await importApp("tests/support/fake-spotify.ts");
  fake = await startFakeSpotify({ cycle: ["track", "episode", "nothing"] });
  Object.assign(env, fake.env);
  console.log(
    `[dev] No Spotify credentials set: the music widget asks a local fake Spotify at ${fake.url} ` +
      "(track, episode, nothing playing, in turn). docs/music-widget.md tells how to use the real one.",
  );
}

const cli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
  "bin.cjs",
);
const child = spawn(process.execPath, [cli, "dev", ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: "inherit",
});

const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
for (const signal of signals) process.on(signal, () => child.kill(signal));

child.on("error", async (error) => {
  console.error(`[dev] Could not start react-router dev: ${error.message}`);
  await fake?.close();
  process.exit(1);
});

child.on("exit", async (code, signal) => {
  await fake?.close();
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
