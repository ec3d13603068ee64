// The production server, started by server/index.js (`npm run build && npm start`) once it
// has checked the Node version and set NODE_ENV. Node runs this file as it is; the server
// itself (server/app.ts) is built with the app into <build>/server/index.js.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { startServer } from "./app.ts";
import { field } from "./thrown.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// A local .env (see .env.example) fills in what the shell did not set.
// Tests set SKIP_ENV_FILE so a developer's .env never leaks into them.
if (!process.env.SKIP_ENV_FILE && existsSync(path.join(root, ".env"))) {
  process.loadEnvFile(path.join(root, ".env"));
}
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

let server: { startServer: typeof startServer };
try {
  server = await import(path.join(buildDir, "server/index.js"));
} catch (error) {
  if (
    field(error, "code") === "ERR_MODULE_NOT_FOUND" &&
    String(field(error, "message")).includes(buildDir)
  ) {
    console.error("No production build found. Run `npm run build` first.");
  } else {
    // EnvError and friends: the message names the variable to set.
    console.error(
      field(error, "name") === "EnvError"
        ? `Configuration error: ${String(field(error, "message"))}`
        : error,
    );
  }
  process.exit(1);
}

if (typeof server.startServer !== "function") {
  console.error(`${buildDir} holds no server this version can start. Run \`npm run build\` again.`);
  process.exit(1);
}
await server.startServer({ clientDir: path.join(buildDir, "client") });
