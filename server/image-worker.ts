// The image process's task (server/image-process.ts): Vite builds it beside the server as
// <build>/server/image-worker.js (vite.config.ts); tests run this file as it is.
import { setPriority } from "node:os";

// Pages first: a flood of transforms takes the cores only when the server leaves them idle
// (docs/decisions-media.md, "Memory and CPU").
setPriority(10);

export { transformFile as default } from "../app/lib/media/transform.server.ts";
