import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export function requireBuild() {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No production build in ${buildDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * Starts the production server (PORT and BUILD_DIR in `env`) and resolves once it listens.
 * BENCH_SERVER_ENTRY runs another server/index.js (another checkout's, to compare before and
 * after). Every benchmark starts its server here.
 */
export async function startProductionServer(env: Record<string, string>) {
  const logs: string[] = [];
  const entry = path.resolve(process.env.BENCH_SERVER_ENTRY ?? path.join(root, "server/index.js"));
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", SKIP_ENV_FILE: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const started = Date.now();
  while (!logs.join("").includes("Serving on")) {
    // Generous: a busy machine can take a while to load the build and the dataset.
    if (child.exitCode !== null || Date.now() - started > 120_000) {
      throw new Error(`Server did not start:\n${logs.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    pid: child.pid!,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        // A server that has already gone sends no exit event again.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The resident memory of a process and of the processes it started (the server's image
 * process), in MB (Linux /proc).
 */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const own = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
    return own + childrenOf(pid).reduce((sum, child) => sum + (rssMb(child) || 0), 0);
  } catch {
    return NaN;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .split(" ")
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Waits until a freshly started server answers `url` with 200 (the dataset loads on the first request). */
export async function warmUp(url: string, timeoutMs = 90_000) {
  const started = Date.now();
  for (;;) {
    const response = await fetch(url, { headers: { "Cache-Control": "no-cache" } });
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${url} still answers ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
