import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The configuration the project ships (docs/deploy.md, "A cache in front"). */
export const SHIPPED_CONFIG = path.join(root, "deploy/nginx.conf");
const NGINX = "/usr/sbin/nginx";

export type RunningNginx = {
  /** http://127.0.0.1:<port>, which only redirects. */
  http: string;
  /** https://127.0.0.1:<port>, the site, with a certificate `get` trusts. */
  https: string;
  /** The certificate, for a browser or client that must trust it. */
  cert: string;
  errors(): Promise<string>;
  stop(): Promise<void>;
};

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * Sets the lines the shipped file marks `# SET` as an operator would: the Node server's address,
 * loopback listen ports (no IPv6), the certificate; and the cache folder in the test's own prefix.
 * Throws when a line it sets is missing, so the file and this stay in step.
 */
export function operatorConfig(
  text: string,
  values: { upstream: string; http: string; https: string; dir: string },
) {
  const settings: [RegExp, string][] = [
    [/server 127\.0\.0\.1:3000;/, `server ${values.upstream};`],
    [/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${values.http};`],
    [/^(\s*)listen 443 ssl http2;/m, `$1listen 127.0.0.1:${values.https} ssl http2;`],
    [/^\s*listen \[::\]:80;.*$/m, ""],
    [/^\s*listen \[::\]:443 ssl http2;.*$/m, ""],
    [/ssl_certificate \S+;/, `ssl_certificate ${values.dir}/cert.pem;`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${values.dir}/key.pem;`],
    [/proxy_cache_path \S+/, `proxy_cache_path ${values.dir}/cache`],
  ];
  let config = text;
  for (const [pattern, value] of settings) {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf has no line ${pattern}`);
    config = config.replace(pattern, value);
  }
  return config.replaceAll("server_name example.com;", "server_name localhost;");
}

/**
 * Debian's nginx.conf around the site's file, as `/etc/nginx/sites-enabled/` is included there,
 * with everything nginx writes kept in the test's folder so it runs as any user.
 */
function mainConfig(dir: string) {
  return `
user ${userInfo().username};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  gzip on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`;
}

function listening(port: string) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts Debian's nginx with the shipped configuration (or `configFile`) in front of `upstream`
 * (host:port), in a temporary prefix with a self-signed certificate for 127.0.0.1.
 */
export async function startNginx(
  upstream: string,
  {
    ports,
    configFile = SHIPPED_CONFIG,
  }: { ports?: { http: string; https: string }; configFile?: string } = {},
): Promise<RunningNginx> {
  if (!existsSync(NGINX)) {
    throw new Error("These tests need nginx: run `sudo apt-get install -y nginx`.");
  }
  const dir = await mkdtemp(path.join(tmpdir(), "site-nginx-"));
  const { http, https } = ports ?? { http: await freePort(), https: await freePort() };
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...[
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        `${dir}/key.pem`,
        "-out",
        `${dir}/cert.pem`,
      ],
    ],
    { stdio: "ignore" },
  );
  const site = operatorConfig(await readFile(configFile, "utf8"), { upstream, http, https, dir });
  await writeFile(`${dir}/site.conf`, site);
  await writeFile(`${dir}/nginx.conf`, mainConfig(dir));
  const args = ["-p", dir, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`];
  const errors = () => readFile(`${dir}/error.log`, "utf8").catch(() => "");
  execFileSync(NGINX, ["-t", "-q", ...args], { stdio: "pipe" });
  const child: ChildProcess = spawn(NGINX, args, { stdio: "ignore" });
  const started = Date.now();
  while (!((await listening(http)) && (await listening(https)))) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${await errors()}`);
    if (Date.now() - started > 10_000) throw new Error(`nginx did not start:\n${await errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cert = await readFile(`${dir}/cert.pem`, "utf8");
  return {
    http: `http://127.0.0.1:${http}`,
    https: `https://127.0.0.1:${https}`,
    cert,
    errors,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One request as a client sends it: the exact headers, no decompression, no redirect followed. */
export function get(
  url: string,
  {
    headers = {},
    method = "GET",
    body,
    ca,
    rawPath,
  }: {
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    ca?: string;
    /** The request line's target as sent, where a URL would drop it (a fragment). */
    rawPath?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const options = { method, headers, agent: false, ca, ...(rawPath ? { path: rawPath } : {}) };
    const req = request(target, options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}
