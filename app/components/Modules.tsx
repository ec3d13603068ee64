import clsx from "clsx";
import type { PageModule } from "~/lib/content/model";
import { LAYOUTS } from "~/lib/media/layouts";
import { Gallery } from "./Gallery";
import { Media } from "./Media";
import { ProjectCard } from "./ProjectCard";
import { RichText } from "./RichText";

const KNOWN = new Set(["textModule", "mediaModule", "galleryModule", "projectsModule"]);
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

function ModuleBody({ module }: { module: PageModule }) {
  switch (module._type) {
    case "textModule":
      return (
        <div className="text-module">
          {module.heading ? <h2 className="module-heading">{module.heading}</h2> : null}
          <RichText value={module.body} />
        </div>
      );
    case "mediaModule": {
      const half = module.size === "half";
      return (
        <figure className={clsx("media-module", half && "media-module--half")}>
          <Media item={module.media} {...(half ? LAYOUTS.mediaHalf : LAYOUTS.mediaFull)} />
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
    case "projectsModule":
      return (
        <div className="projects-module">
          {module.heading ? <h2 className="module-heading">{module.heading}</h2> : null}
          <ul className="project-grid">
            {(module.projects ?? []).map((project) => (
              <li key={project._id}>
                <ProjectCard project={project} sizes={LAYOUTS.card.sizes} />
              </li>
            ))}
          </ul>
        </div>
      );
    default:
      return null;
  }
}

/**
 * Page sections in the editor's order. An `inverted` section carries
 * `data-inverted`: the shell watches `section[data-inverted]` and shows the
 * opposite colour scheme while one is on screen.
 */
export function Modules({ modules }: { modules: PageModule[] | null | undefined }) {
  const known = (modules ?? []).filter(isKnown);
  if (!known.length) return null;
  return (
    <div className="modules">
      {known.map((module) => (
        <section
          key={module._key}
          className={clsx("module", `module--${module._type}`)}
          data-inverted={module.inverted || undefined}
        >
          <ModuleBody module={module} />
        </section>
      ))}
    </div>
  );
}
