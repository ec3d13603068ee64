// Imported first by server/index.js, so it runs before anything else: on a Node older than
// package.json's engines asks for, the server says which it needs and exits.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const needed = Number(/\d+/.exec(engines.node)?.[0]);
const running = Number(process.versions.node.split(".")[0]);
if (running < needed) {
  console.error(
    `This server needs Node ${needed} or newer (package.json "engines": "${engines.node}"); this is Node ${process.versions.node}. Run \`nvm use\` (the version is in .nvmrc) or install Node ${needed} LTS.`,
  );
  process.exit(1);
}
