import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type RunningServer = {
  url: string;
  logs: string[];
  /** The server's process, for tests of signals and exit codes. */
  child: ChildProcess;
  stop(): Promise<void>;
};

/** A port nothing listens on now, from the OS, so parallel runs and leftovers never collide. */
export function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(String(port)));
    });
  });
}

/** Starts the production server (`npm start`) with extra environment, and waits for it. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = env.PORT ?? (await freePort());
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SKIP_ENV_FILE: "1",
      ...env,
      PORT: port,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`Server exited with ${child.exitCode}:\n${logs.join("\n")}`);
    }
    if (logs.some((line) => line.includes("Serving on"))) break;
    if (Date.now() - started > 20_000) throw new Error(`Server did not start:\n${logs.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    logs,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
