// The site's Node server: Express 5 around React Router (@react-router/express). Vite builds this
// file with the app as the server build's entry (vite.config.ts), React Router's own pattern
// for a custom server, so it takes the app's policy and configuration by import, one source
// for both; server/main.ts loads the result and starts it (docs/deploy.md, "Running the
// production server elsewhere").
import { createServer } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import compression from "compression";
import express from "express";
import type { ErrorRequestHandler, RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import * as build from "virtual:react-router/server-build";
import { HOUR_CACHE, IMMUTABLE, studioFileCache } from "~/lib/cache/headers.server";
import { canonicalPath } from "~/lib/canonical-path.server";
import { getBundledBackend } from "~/lib/content/source.server";
import { getEnv } from "~/lib/env.server";
import { MAX_BODY_BYTES } from "~/lib/http.server";
import { describeReport, makeRenditions } from "~/lib/media/make-renditions.server";
import { BUNDLED_VIDEO_FILE } from "~/lib/media/renditions";
import { renditionSet } from "~/lib/media/rendition-set.server";
import { baseHeaders, isPreviewDeploy } from "~/lib/security/policy";
import { bodyGuard } from "./body-guard.ts";
import { appRateLimit } from "./rate-limit.ts";
import { createAppHandler } from "./request-handler.ts";
import { refuse, requestGuard } from "./request-guard.ts";
import { field } from "./thrown.ts";

// Validated when the build loads: a wrong variable stops the start with its name.
const env = getEnv();
type Options = {
  /** The build's browser files, <build>/client. */
  clientDir: string;
};

/**
 * A folder of static files answering at their own names only: a path spelled other than its
 * canonical way (`/%66avicon.ico`, `/assets//x.js`, `/assets/..%2Fx.js`; no name the build writes
 * holds a percent-escape) goes on to the app, which redirects it to its one spelling or answers
 * 404: each spelling would otherwise be a cache entry of its own (docs/caching.md). No directory
 * index, and no redirect to one.
 */
function files(dir: string, options: { cacheControl: (file: string) => string }): RequestHandler {
  return literalNames(
    express.static(dir, {
      index: false,
      redirect: false,
      setHeaders: (res, file) => res.setHeader("Cache-Control", options.cacheControl(file)),
    }),
  );
}
const literalNames =
  (serve: RequestHandler): RequestHandler =>
  (req, res, next) => {
    const path = req.originalUrl.split("?", 1)[0]!;
    return path.includes("%") || canonicalPath(path) !== path ? next() : serve(req, res, next);
  };
const mediaFiles = (dir: string, cacheControl: string) =>
  files(dir, { cacheControl: () => cacheControl });

/**
 * The bundled dataset's renditions are static files the build made into <build>/client/media
 * (vite/renditions.ts). A dataset other than the build's (CONTENT_DIR), or one the publish
 * webhook reloads, may name others: each load of the dataset makes the members the folder lacks
 * before any page uses it, through the build's cache, so no request ever makes one
 * (docs/decisions/054-image-renditions.md).
 */
async function prepareRenditions(clientDir: string) {
  const backend = getBundledBackend();
  if (!backend) return;
  backend.prepareWith(async (data) => {
    const report = await makeRenditions(renditionSet(data), clientDir);
    if (report.made + report.cached + report.failed.length > 0) {
      console.log(`[media] renditions for ${data.dir}: ${describeReport(report)}`);
    }
  });
  // A dataset that does not load is the pages' error to report (503), not a failed start.
  await backend.dataset().catch((error: unknown) => {
    console.error(`[media] cannot read the dataset: ${(error as Error).message}`);
  });
}

/**
 * Starts the server on PORT and HOST once the media it serves is in place; SIGTERM and
 * SIGINT drain it, then exit.
 */
export async function startServer({ clientDir }: Options) {
  const { port, host } = env.listen;
  await prepareRenditions(clientDir);
  const { handleRequest } = createAppHandler(build, process.env.NODE_ENV);
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  // Whose X-Forwarded-Proto and X-Forwarded-For count: TRUST_PROXY (docs/security.md).
  app.set("trust proxy", env.trustProxy);
  // `/ASSETS/x.js` is not `/assets/x.js`: a static folder answers at its own spelling only.
  app.set("case sensitive routing", true);

  // Every answer starts with the base security headers (HSTS when the request
  // came over HTTPS); pages and app responses then set their own policy.
  const noindex = isPreviewDeploy(env.deployContext);
  const headers = {
    http: baseHeaders({ secure: false, noindex }),
    https: baseHeaders({ secure: true, noindex }),
  };
  let shuttingDown = false;
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(headers[req.secure ? "https" : "http"])) {
      res.setHeader(name, value);
    }
    // Draining for a restart: finish this answer, then close the connection.
    if (shuttingDown) res.setHeader("Connection", "close");
    next();
  });
  app.use(requestGuard());
  app.use(bodyGuard({ maxBytes: MAX_BODY_BYTES }));
  // Pages are far smaller than Brotli's default 4 MB window, whose set-up costs more than the
  // compression (docs/performance.md, "HTML bytes").
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_LGWIN]: 18 } } }));
  // Hashed assets, in the Brotli or gzip copy the build made (vite.config.ts) when the browser takes it.
  app.use(
    "/assets",
    literalNames(
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false },
      }),
    ),
  );
  // The Studio's files (npm run studio:build): studioFileCache says which never change.
  app.use(
    "/studio/static",
    files(path.join(clientDir, "studio/static"), { cacheControl: studioFileCache }),
  );
  // The bundled dataset's videos and their JPEG posters as stored: static files, with ranges and
  // validators from `send`. A named playback id, not the bytes: an hour, then asked again.
  if (env.content.kind === "bundled") {
    const videos = mediaFiles(path.join(env.content.dir, "videos"), HOUR_CACHE);
    app.use("/media/videos", (req, res, next) =>
      BUNDLED_VIDEO_FILE.test(req.path.slice(1)) ? videos(req, res, next) : next(),
    );
  }
  // The renditions: images named by their source's SHA-1 never change; posters are named by a
  // playback id, as the mp4 and the JPEG beside them (docs/caching.md).
  app.use("/media/images", mediaFiles(path.join(clientDir, "media/images"), IMMUTABLE));
  app.use("/media/videos", mediaFiles(path.join(clientDir, "media/videos"), HOUR_CACHE));
  // Any other path under /media/ is no file: a plain 404, never a page render.
  app.use("/media", (_req, res) => refuse(res, 404, "No such file."));
  // No directory index and no redirect to a trailing slash: /studio (the Studio's page) is answered
  // by app/routes/studio.$.ts, and /studio/ answers 308 to /studio (a redirect back would loop).
  app.use(files(clientDir, { cacheControl: () => "public, max-age=3600" }));
  // What is left costs a render or a query: one client's flood of it meets a limit.
  app.use(appRateLimit());
  app.use(handleRequest);
  // Whatever escaped: a plain 500 that names nothing of the server (the log has the details).
  const handleError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    // A client's mistake that slipped past the guard: its status, one log line.
    const status = field(error, "status");
    if (typeof status === "number" && status >= 400 && status < 500) {
      console.warn(
        `[server] ${req.method} ${req.path}: ${status} ${String(field(error, "message"))}`,
      );
      if (res.headersSent) return void res.destroy();
      return refuse(res, status, "Bad request.");
    }
    console.error(`[server] ${req.method} ${req.path}:`, error);
    if (res.headersSent) return void res.destroy();
    refuse(res, 500, "Something went wrong.");
  };
  app.use(handleError);

  // Slow clients cannot hold the server (docs/security.md, "Bad clients"): deadlines for the
  // headers and the whole request, an idle keep-alive connection closed after
  // KEEP_ALIVE_TIMEOUT_MS (above a load balancer's idle timeout), a silent socket dropped.
  const server = createServer(
    { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 2_000 },
    app,
  );
  server.keepAliveTimeout = env.keepAliveTimeoutMs;
  server.timeout = 60_000;
  // Node 24's closeIdleConnections leaves a connection that has sent nothing yet (a browser's
  // speculative preconnect): it held every shutdown for the whole grace period, then exit 1
  // (nodejs/node#63452, docs/security.md). Such a connection carries no request to lose.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const closeSilentConnections = () => {
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  };
  server.listen(port, host, () => {
    console.log(`Serving on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  });

  // SIGTERM (a deploy, a scale-down) stops taking connections, lets the requests
  // in flight finish, then exits; after SHUTDOWN_GRACE_MS it stops waiting.
  const SHUTDOWN_GRACE_MS = 10_000;
  function shutdown(signal: NodeJS.Signals) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`[server] ${signal}: finishing the requests in flight, then exiting`);
    server.close(() => process.exit(0));
    // A kept-alive connection closes as soon as its answer is out.
    const closeIdle = () => {
      server.closeIdleConnections();
      closeSilentConnections();
    };
    closeIdle();
    setInterval(closeIdle, 250).unref();
    setTimeout(() => {
      console.error(`[server] requests still open after ${SHUTDOWN_GRACE_MS} ms: closing them`);
      server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => shutdown(signal));
  return server;
}
