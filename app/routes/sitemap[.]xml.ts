import type { Route } from "./+types/sitemap[.]xml";
import { contentFor } from "~/lib/content/request.server";
import { queryTags, sitemapQuery } from "~/lib/content/queries";
import { projectPath } from "~/lib/links";
import { loadRedirectTable } from "~/lib/redirects.server";
import { resourceRoute } from "~/lib/security.server";

type Sitemap = {
  siteUrl: string | null;
  pages: { _id: string; _updatedAt?: string }[];
  projects: { slug: string; _updatedAt?: string }[];
};

const PAGE_PATHS: Record<string, string> = {
  homepage: "/",
  workPage: "/work",
  culturePage: "/culture",
  legalPage: "/legal",
};

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * /sitemap.xml: visible, indexable pages only (hidden and notIndexed ones are
 * left out), and never a path an editor's redirect sends elsewhere.
 */
export const loader = resourceRoute(async ({ request }: Route.LoaderArgs) => {
  const content = await contentFor(request);
  const [{ siteUrl, pages, projects }, redirected] = await Promise.all([
    content.query<Sitemap>(sitemapQuery, {}, queryTags.sitemap),
    loadRedirectTable(content),
  ]);
  const origin = content.origin(siteUrl);
  const entries = [
    ...pages.flatMap((page) =>
      PAGE_PATHS[page._id] ? [{ path: PAGE_PATHS[page._id]!, updated: page._updatedAt }] : [],
    ),
    ...projects.map((project) => ({
      path: projectPath(project.slug),
      updated: project._updatedAt,
    })),
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
});
