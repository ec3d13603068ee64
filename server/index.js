// The production server: `npm run build && npm start`. Static assets straight
// from disk with long-lived caching, everything else through Remix.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createCachingHandler } from "./remix-handler.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// A local .env (see .env.example) fills in what the shell did not set.
// Tests set SKIP_ENV_FILE so a developer's .env never leaks into them.
if (!process.env.SKIP_ENV_FILE && existsSync(path.join(root, ".env"))) {
  process.loadEnvFile(path.join(root, ".env"));
}
process.env.NODE_ENV ??= "production";
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

let build;
try {
  build = await import(path.join(buildDir, "server/index.js"));
} catch (error) {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(buildDir)) {
    console.error("No production build found. Run `npm run build` first.");
  } else {
    // EnvError and friends: the message names the variable to set.
    console.error(error?.name === "EnvError" ? `Configuration error: ${error.message}` : error);
  }
  process.exit(1);
}

const { serveCached, handleRemix } = createCachingHandler(build, process.env.NODE_ENV);
const app = express();
app.disable("x-powered-by");
app.disable("etag");
app.use(serveCached);
app.use(compression());
// Hashed assets, in the Brotli or gzip copy the build made (vite.config.ts) when the browser takes it.
app.use(
  "/assets",
  expressStaticGzip(path.join(buildDir, "client/assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    serveStatic: { immutable: true, maxAge: "1y" },
  }),
);
// The Studio's files (npm run studio:build): hashed names never change, the rest (icons) may.
app.use(
  "/studio/static",
  express.static(path.join(buildDir, "client/studio/static"), {
    maxAge: "1h",
    setHeaders(res, file) {
      if (/-[\w-]{8}\.(js|css)$/.test(file)) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      }
    },
  }),
);
// No directory index: /studio (the Studio's page) is answered by app/routes/studio.$.ts.
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
app.all("*", handleRemix);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`Serving on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
