/**
 * npm run bench:server — the production server rendering a page (it keeps none:
 * docs/decisions.md, "The Node server") against a plain static server sending the
 * same HTML bytes, same machine, same run. Prints figures; asserts nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { freePort } from "../../tests/e2e/support/server";
import { requireBuild, startProductionServer, warmUp } from "./util";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 32;
const PATH = process.env.BENCH_PATH ?? "/work";

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
};

function run(url: string, headers: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result as unknown as Result),
    );
  });
}

const line = (label: string, result: Result) =>
  `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${result.non2xx ? `   non-2xx ${result.non2xx}` : ""}`;

requireBuild();
const app = await startProductionServer({ PORT: await freePort() });
try {
  await warmUp(app.url + PATH);
  const first = await fetch(app.url + PATH, { headers: { "Accept-Encoding": "identity" } });
  const html = Buffer.from(await first.arrayBuffer());
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  const staticServer = createServer((_req, res) => {
    res.writeHead(200, { ...headers, "Content-Length": html.length });
    res.end(html);
  });
  await new Promise<void>((resolve) => staticServer.listen(0, "127.0.0.1", resolve));
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}${PATH}`;

  console.log(
    `${PATH}: ${html.length} bytes of HTML, ${CONNECTIONS} connections, ${DURATION_S} s each\n`,
  );
  const rendered = await run(app.url + PATH);
  // What browsers ask for: compressed as it streams.
  const brotli = await run(app.url + PATH, { "Accept-Encoding": "br, gzip" });
  const plain = await run(staticUrl);
  staticServer.close();

  console.log(line("static server, same bytes", plain));
  console.log(line("production server, render", rendered));
  console.log(line("production server, render, Brotli", brotli));
  console.log(
    `\nrender / static throughput: ${(rendered.requests.average / plain.requests.average).toFixed(2)}×`,
  );
} finally {
  await app.stop();
}
