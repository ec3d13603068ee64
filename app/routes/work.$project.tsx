import { data } from "react-router";
import type { Route } from "./+types/work.$project";
import { Link } from "~/components/Link";
import { Hero } from "~/components/Hero";
import { Modules } from "~/components/Modules";
import { queries } from "~/lib/content/queries";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { contentOf, withoutHeadFields } from "~/lib/request.server";
import { isPlausibleSlug } from "~/lib/http.server";
import { LAYOUTS } from "~/lib/media/layouts";
import { preloadMedia } from "~/lib/media/preload";
import { jsonLd } from "~/lib/seo";
import { projectStructuredData } from "~/lib/structured-data.server";
import { siteFromMatches } from "~/lib/site";
import { projectPath } from "~/lib/links";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const content = contentOf(context);
  const slug = params.project;
  // A slug no project has is answered from the cached slug list, with no query of its own:
  // the keys that reach Sanity are bounded by the content (docs/caching.md).
  const slugs = isPlausibleSlug(slug) ? await content.query(queries.projectSlugs) : [];
  if (!slugs.includes(slug)) throw content.pageNotFound(url);
  const [{ project, siblings }, site] = await Promise.all([
    content.query(queries.project, { slug }),
    content.site(),
  ]);
  if (!project) throw content.pageNotFound(url);
  content.tag(project._id);
  const list = siblings ?? [];
  const index = list.findIndex((candidate) => candidate._id === project._id);
  // The next project in the Work order, wrapping round; a hidden project points at the first.
  const next = list.length > 0 ? list[(index + 1) % list.length] : undefined;
  return data(
    {
      project: withoutHeadFields(project),
      next: next && next._id !== project._id ? next : null,
      head: content.head(project, site, url.pathname),
      structuredData: projectStructuredData(project, site),
      syncTags: content.syncTags(),
    },
    { headers: content.headers() },
  );
}

export const headers = mergeCacheHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData?.head ?? []),
  ...preloadMedia(siteFromMatches(matches), loaderData?.project.hero, LAYOUTS.hero),
  ...jsonLd(loaderData?.structuredData),
];

export default function ProjectRoute({ loaderData }: Route.ComponentProps) {
  const { project, next } = loaderData;
  return (
    <main id="main" className="page page--project">
      <header className="project-head">
        <h1 className="page-title">{project.title}</h1>
        {project.excerpt ? <p className="project-excerpt lead">{project.excerpt}</p> : null}
        <dl className="project-facts">
          <Fact term="Client" value={project.client} />
          <Fact term="Year" value={project.year} />
          {project.services?.length ? (
            <div className="project-facts__services">
              <dt>Services</dt>
              {project.services.map((service) => (
                <dd key={service}>{service}</dd>
              ))}
            </div>
          ) : null}
        </dl>
      </header>
      <Hero item={project.hero} layout={LAYOUTS.hero} />
      <Modules modules={project.modules} />
      {next ? (
        <nav className="next-project" aria-label="Next project">
          <Link to={projectPath(next.slug!)} data-cursor="view">
            <span className="next-project__meta label">
              <span>Next project</span>
              <span>{[next.client, next.year].filter(Boolean).join(", ")}</span>
            </span>
            <span className="next-project__title">
              {next.title}{" "}
              <span className="next-project__arrow" aria-hidden="true">
                →
              </span>
            </span>
          </Link>
        </nav>
      ) : null}
    </main>
  );
}

/** One of the project's facts, when the editor gave it. */
function Fact({ term, value }: { term: string; value: string | number | null | undefined }) {
  return value ? (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;
}
