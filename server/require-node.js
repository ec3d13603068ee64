// Stops a command on a Node older than package.json's engines, saying how to get the right one
// (the README's opening section). Plain JavaScript with node: imports only, so that an old Node reaches it.
import { readFileSync } from "node:fs";

/** @param {string} what the command that needs it, e.g. "This server" */
export function requireNode(what) {
  const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const needed = Number(/\d+/.exec(engines.node)?.[0]);
  if (Number(process.versions.node.split(".")[0]) >= needed) return;
  console.error(
    `${what} needs Node ${needed} or newer (package.json "engines": "${engines.node}"); this is Node ${process.versions.node}. ` +
      `Run \`nvm use\` (the version is in .nvmrc), or without nvm open a shell with Node ${needed}: \`npx -y -p node@${needed} -c "$SHELL"\`.`,
  );
  process.exit(1);
}
