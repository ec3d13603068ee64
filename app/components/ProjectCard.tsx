import { Link } from "~/components/Link";
import type { ProjectCard as Card } from "~/lib/content/model";
import { LAYOUTS } from "~/lib/media/layouts";
import { Media } from "./Media";
import { projectPath } from "~/lib/links";

type Props = {
  project: Card;
  sizes: string;
  priority?: boolean;
  index?: number;
  /** h3 under a section heading (the default), h2 straight under the page title. */
  headingLevel?: 2 | 3;
};

/**
 * A project on a list: thumbnail, title, client and year; the whole card is the link, named
 * by its text (the picture is decorative there: its alt text would come first and repeat it).
 */
export function ProjectCard({ project, sizes, priority, index, headingLevel = 3 }: Props) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link to={projectPath(project.slug!)} className="project-card" data-cursor="view">
      <div className="project-card__media">
        <Media
          item={project.thumbnail}
          sizes={sizes}
          aspectRatio={LAYOUTS.card.aspectRatio}
          priority={priority}
          preview
          decorative
        />
      </div>
      <div className="project-card__text">
        <Title className="project-card__title">{project.title}</Title>
        <p className="project-card__meta">
          {index !== undefined ? (
            <span className="project-card__index">{String(index + 1).padStart(2, "0")}</span>
          ) : null}
          {project.client ? <span className="project-card__client">{project.client}</span> : null}
          {project.year ? <span className="project-card__year">{project.year}</span> : null}
        </p>
      </div>
    </Link>
  );
}
