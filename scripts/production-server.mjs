// The production Node server (server/index.js) on a build, for the benchmarks:
// resolves with the child process once it says it is serving.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function startProductionServer({ buildDir, port, env = {} }) {
  const child = spawn(process.execPath, [path.join(root, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BUILD_DIR: buildDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs = [];
  return new Promise((resolve, reject) => {
    // Generous: a busy machine can take a while to load the build and the dataset.
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${logs.join("")}`)),
      120_000,
    );
    const collect = (chunk) => {
      logs.push(chunk.toString());
      if (chunk.toString().includes("Serving on")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("")}`));
    });
  });
}
