import { plainText } from "~/lib/http.server";

/**
 * Every file under /media/ is static (docs/decisions/054-image-renditions.md): served before the
 * app by the Node server's express.static, by Netlify's CDN from the publish folder, by the dev
 * server's middleware. A path that reaches the app names no file: a plain 404, no page render.
 * The Node server answers it before the app too (server/app.ts); this is Netlify's function's.
 */
export function loader() {
  return plainText(404, "No such file.\n");
}
