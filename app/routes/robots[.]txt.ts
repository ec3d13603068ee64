import type { Route } from "./+types/robots[.]txt";
import { queries } from "~/lib/content/queries";
import { contentOf } from "~/lib/request.server";

/** /robots.txt: everything but the API, and the sitemap on the site's public address. */
export async function loader({ context }: Route.LoaderArgs) {
  const content = contentOf(context);
  const general = await content.query(queries.general);
  const origin = content.origin(general?.siteUrl);
  const headers = content.headers();
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(
    `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
    { headers },
  );
}
