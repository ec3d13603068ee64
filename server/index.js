// The production server's entry: `npm run build && npm start`. Plain JavaScript on purpose:
// the server itself is TypeScript (server/main.ts), which Node runs from Node 24 on, so on an
// older Node this file is what says which Node the server needs, instead of a syntax error.
import { requireNode } from "./require-node.js";

requireNode("This server");

// Before anything loads React: React and React DOM each pick their development or production
// build from NODE_ENV when first imported, and the two must match.
process.env.NODE_ENV ??= "production";

await import("./main.ts");
