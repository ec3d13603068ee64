import clsx from "clsx";
import type { PageModule, ProjectCard as Card } from "~/lib/content/model";
import { LAYOUTS } from "~/lib/media/layouts";
import { hasContent, moduleRows } from "~/lib/module-rows";
import { Gallery } from "./Gallery";
import { Media } from "./Media";
import { People } from "./People";
import { ProjectCard } from "./ProjectCard";
import { RichText } from "./RichText";
import { hasLoopingVideo, MotionChoice, useGroupMotion } from "./motion-choice";

const KNOWN = new Set<string>([
  "textModule",
  "mediaModule",
  "galleryModule",
  "peopleModule",
  "projectsModule",
] satisfies PageModule["_type"][]);
const warned = new Set<string>();

function isKnown(module: PageModule) {
  if (KNOWN.has(module._type)) return true;
  // A module type this site does not know yet (a newer Studio schema): skip it.
  const type = String(module._type);
  if (!warned.has(type)) {
    warned.add(type);
    console.warn(`[modules] Unknown module type "${type}" was not rendered`);
  }
  return false;
}

/** How a media module is laid out: its own size, or what its row decided (lib/module-rows). */
type MediaLayout = "full" | "half" | "aside";

function ModuleBody({ module, media }: { module: PageModule; media?: MediaLayout }) {
  switch (module._type) {
    case "textModule":
      return (
        <div className="text-module">
          {module.heading ? <h2 className="module-heading">{module.heading}</h2> : null}
          <RichText value={module.body} topLevel={module.heading ? 3 : 2} />
        </div>
      );
    case "mediaModule": {
      const layout = media ?? (module.size === "half" ? "half" : "full");
      // A board or chart with small text: on a phone, larger than the screen and scrolling
      // sideways (styles/content.css), rather than shrunk until its text cannot be read.
      if (layout === "full" && module.readableOnPhones && module.media?._type === "mainImage") {
        return (
          <figure className="media-module media-module--full media-module--readable">
            <div
              className="media-module__scroller"
              role="region"
              aria-label={`${module.caption || "Picture"} (scrolls sideways)`}
              // Reached by Tab, so the keyboard can scroll it too.
              tabIndex={0}
            >
              <Media item={module.media} {...LAYOUTS.mediaReadable} />
            </div>
            <p className="media-module__hint" aria-hidden="true">
              Swipe to see all of it <span>→</span>
            </p>
            {module.caption ? <figcaption>{module.caption}</figcaption> : null}
          </figure>
        );
      }
      return (
        <figure className={clsx("media-module", `media-module--${layout}`)}>
          <Media
            item={module.media}
            {...(layout === "full" ? LAYOUTS.mediaFull : LAYOUTS.mediaHalf)}
          />
          {module.caption ? <figcaption>{module.caption}</figcaption> : null}
        </figure>
      );
    }
    case "galleryModule":
      return (
        <div className="gallery-module">
          <Gallery items={module.items ?? []} heading={module.heading} />
        </div>
      );
    case "peopleModule":
      return <People heading={module.heading} people={module.people} />;
    case "projectsModule":
      return <ProjectsModule heading={module.heading} projects={module.projects ?? []} />;
    default:
      return null;
  }
}

/** A module's list of project cards, with one control for any looping thumbnails. */
function ProjectsModule({ heading, projects }: { heading?: string | null; projects: Card[] }) {
  const thumbnails = projects.map((project) => project.thumbnail);
  const motion = useGroupMotion(hasLoopingVideo(thumbnails), "project-grid__motion");
  return (
    <div className="projects-module">
      {heading ? <h2 className="module-heading">{heading}</h2> : null}
      {motion.control}
      <MotionChoice.Provider value={motion.choice}>
        <ul className="project-grid">
          {projects.map((project) => (
            <li key={project._id}>
              <ProjectCard project={project} sizes={LAYOUTS.card.sizes} />
            </li>
          ))}
        </ul>
      </MotionChoice.Provider>
    </div>
  );
}

/**
 * Page sections in the editor's order, those with something to show. An `inverted` section carries
 * `data-inverted`: the shell watches `section[data-inverted]` and shows the
 * opposite colour scheme while one is on screen.
 */
export function Modules({ modules }: { modules: PageModule[] | null | undefined }) {
  const known = (modules ?? []).filter((module) => isKnown(module) && hasContent(module));
  if (!known.length) return null;
  const section = (module: PageModule, media?: MediaLayout) => (
    <section
      key={module._key}
      className={clsx("module", `module--${module._type}`)}
      data-inverted={module.inverted || undefined}
    >
      <ModuleBody module={module} media={media} />
    </section>
  );
  return (
    <div className="modules">
      {moduleRows(known).map((row) =>
        row.kind === "pair" ? (
          // Two half-width media modules share a row.
          <div key={row.modules[0]._key} className="module-pair">
            {row.modules.map((module) => section(module, "half"))}
          </div>
        ) : (
          section(row.module, row.media)
        ),
      )}
    </div>
  );
}
