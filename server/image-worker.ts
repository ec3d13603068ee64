// The image process's task (server/image-process.ts): Vite builds it beside the server as
// <build>/server/image-worker.js (vite.config.ts); tests run this file as it is.
export { transformFile as default } from "../app/lib/media/transform.server.ts";
