// Runs the server function exactly as Netlify uploads it, on 127.0.0.1: the
// unpacked react-router-server.zip is the working directory (Lambda's /var/task), its
// own entry point (___netlify-entry-point.mjs, Netlify's bootstrap around our
// handler) is imported, and each request becomes the Lambda event that
// bootstrap reads. Files of the publish directory are answered first, with the
// header rules Netlify's config resolver returned (the function is declared
// with preferStatic). Imports nothing but Node's own modules, so the function
// can only find what its zip holds.
//
// Started by scripts/netlify-deploy.mjs: node netlify-function-host.mjs '<json options>'
import { randomUUID } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";

const { publishDir, headerRules, purgeApiToken } = JSON.parse(process.argv[2] ?? "{}");
const started = performance.now();

// The two pieces of Lambda's Node runtime the bootstrap uses for a streamed response.
globalThis.awslambda = {
  streamifyResponse: (handler) => handler,
  HttpResponseStream: {
    from(stream, prelude) {
      stream.emit("prelude", prelude);
      return stream;
    },
  },
};
const entry = pathToFileURL(path.resolve("___netlify-entry-point.mjs")).href;
const { handler } = await import(entry);
const importMs = performance.now() - started;

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".mp4": "video/mp4",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml",
};

/** Netlify's `for` paths: `*` is a splat, `:name` one segment. */
function matches(pattern, pathname) {
  const source = pattern
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) =>
      part === "*"
        ? ".*"
        : part.startsWith(":")
          ? "[^/]+"
          : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`).test(pathname);
}

function staticFile(pathname) {
  if (!publishDir || pathname.split("/").some((part) => part.startsWith(".") && part !== "."))
    return undefined;
  const file = path.join(publishDir, decodeURIComponent(pathname));
  if (!file.startsWith(publishDir + path.sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** One invocation of the uploaded function, through Netlify's bootstrap. */
async function invoke(req, res) {
  const body = await readBody(req);
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(", ") : value,
    ]),
  );
  const event = {
    rawUrl: `http://${req.headers.host}${req.url}`,
    httpMethod: req.method,
    headers,
    body: body.length ? body.toString("base64") : "",
    isBase64Encoded: true,
    flags: {},
    invocationMetadata: {},
  };
  const context = {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 60_000,
    clientContext: { custom: purgeApiToken ? { purge_api_token: purgeApiToken } : {} },
  };
  const stream = new PassThrough();
  stream.once("prelude", ({ statusCode, multiValueHeaders = {} }) => {
    res.writeHead(statusCode, multiValueHeaders);
    stream.pipe(res);
  });
  await handler(event, stream, context);
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? "/", "http://host");
  const file = (req.method === "GET" || req.method === "HEAD") && staticFile(pathname);
  if (file) {
    res.setHeader("Content-Type", TYPES[path.extname(file)] ?? "application/octet-stream");
    for (const rule of headerRules ?? []) {
      if (!matches(rule.for, pathname)) continue;
      for (const [name, value] of Object.entries(rule.values)) res.setHeader(name, value);
    }
    res.setHeader("X-Served-By", "publish-directory");
    if (req.method === "HEAD") return res.end();
    createReadStream(file).pipe(res);
    return;
  }
  invoke(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
    res.end("The function failed");
  });
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  console.log(JSON.stringify({ ready: `http://127.0.0.1:${port}`, importMs }));
});
