// The production server's entry: `npm run build && npm start`. Plain JavaScript on purpose:
// the server itself is TypeScript (server/main.ts), which Node runs from Node 24 on, so on an
// older Node this file is what says which Node the server needs, instead of a syntax error.
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

// Before anything loads React: React and React DOM each pick their development or production
// build from NODE_ENV when first imported, and the two must match.
process.env.NODE_ENV ??= "production";

await import("./main.ts");
