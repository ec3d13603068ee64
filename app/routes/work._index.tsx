import type { Route } from "./+types/work._index";
import { ProjectCard } from "~/components/ProjectCard";
import { hasLoopingVideo, MotionChoice, useGroupMotion } from "~/components/motion-choice";
import { RichText } from "~/components/RichText";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { loadSingletonPage } from "~/lib/request.server";
import { FIRST_SCREEN_CARDS, LAYOUTS } from "~/lib/media/layouts";
import { preloadMedia } from "~/lib/media/preload";
import { jsonLd } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";

export const loader = (args: Route.LoaderArgs) => loadSingletonPage(args, "workPage");

export const headers = mergeCacheHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData?.head ?? []),
  // The first card is the largest image above the fold.
  ...preloadMedia(
    siteFromMatches(matches),
    loaderData?.page.projects?.[0]?.thumbnail,
    LAYOUTS.card,
  ),
  ...jsonLd(loaderData?.structuredData),
];

export default function WorkRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const projects = page.projects ?? [];
  const thumbnails = projects.map((project) => project.thumbnail);
  const motion = useGroupMotion(hasLoopingVideo(thumbnails), "project-grid__motion");
  return (
    <main id="main" className="page page--work">
      <header className="page-head">
        <div className="page-title-row">
          <h1 className="page-title">{page.title}</h1>
          {projects.length ? (
            <p className="page-title__count">
              {projects.length}
              <span className="visually-hidden"> projects</span>
            </p>
          ) : null}
        </div>
        <RichText value={page.intro} className="intro rich-text" />
      </header>
      {motion.control}
      <MotionChoice.Provider value={motion.choice}>
        <ul className="project-grid project-grid--work">
          {projects.map((project, index) => (
            // Card n starts at half-row n of the staggered grid (styles/shell/pages.css).
            <li key={project._id} style={{ ["--row" as string]: index + 1 }}>
              <ProjectCard
                project={project}
                sizes={LAYOUTS.card.sizes}
                priority={index < FIRST_SCREEN_CARDS}
                index={index}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      </MotionChoice.Provider>
    </main>
  );
}
