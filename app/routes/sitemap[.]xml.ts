import type { Route } from "./+types/sitemap[.]xml";
import { contentOf } from "~/lib/request.server";
import { queries } from "~/lib/content/queries";
import { pagePath } from "~/lib/content/singletons";
import { projectPath } from "~/lib/links";
import { loadRedirectTable } from "~/lib/redirects.server";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * /sitemap.xml: visible, indexable pages only (hidden and notIndexed ones are
 * left out), and never a path an editor's redirect sends elsewhere.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const content = contentOf(context);
  const [{ siteUrl, pages, projects }, redirected] = await Promise.all([
    content.query(queries.sitemap),
    loadRedirectTable(content),
  ]);
  const origin = content.origin(siteUrl);
  const entries = [
    ...pages.flatMap((page) => {
      const path = pagePath(page._id);
      return path ? [{ path, updated: page._updatedAt }] : [];
    }),
    // The query keeps only projects with a slug.
    ...projects.flatMap((project) =>
      project.slug ? [{ path: projectPath(project.slug), updated: project._updatedAt }] : [],
    ),
  ];
  const urls = entries
    .filter(({ path }) => !redirected?.match(path))
    .map(
      ({ path, updated }) =>
        `  <url><loc>${escapeXml(origin + path)}</loc>${updated ? `<lastmod>${escapeXml(updated)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const headers = content.headers();
  headers.set("Content-Type", "application/xml; charset=utf-8");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    { headers },
  );
}
