import { projectPath } from "./links";
import { pagePath, SINGLETON_PAGES, SINGLETONS, type SingletonPage } from "./singletons";

/**
 * Where a project shows on the site, for Presentation's "Used on" list: its own page, Work when
 * Work lists it (the curated list, or every visible project while that list is empty), and
 * every page with a projects section naming it. The site leaves hidden projects and projects
 * without an address out of both lists (app/lib/content/queries.ts).
 */
export const PROJECT_PLACES_QUERY = `{
  "project": *[_id == $id][0]{ title, "slug": slug.current, hidden },
  "curated": *[_id == "workPage"][0].projects[]._ref,
  "sections": *[$id in modules[_type == "projectsModule"].projects[]._ref]{
    _id, _type, title, "slug": slug.current
  }
}`;

type Place = { _id: string; _type: string; title?: string | null; slug?: string | null };

export type ProjectPlaces = {
  project: { title?: string | null; slug?: string | null; hidden?: boolean | null } | null;
  curated: string[] | null;
  sections: Place[];
};

export type Location = { title: string; href: string };

const projectLocation = (title: string | null | undefined, slug: string): Location => ({
  title: title || "Untitled project",
  href: projectPath(slug),
});

function placeLocation(place: Place): Location | undefined {
  const path = pagePath(place._type);
  if (path)
    return { title: place.title || SINGLETONS[place._type as SingletonPage].title, href: path };
  if (place._type === "project" && place.slug) return projectLocation(place.title, place.slug);
  return undefined;
}

/** The project's locations, or undefined while it has no address (nothing to preview). */
export function projectLocations(id: string, places: ProjectPlaces): Location[] | undefined {
  const { project, curated, sections } = places;
  if (!project?.slug) return undefined;
  const own = projectLocation(project.title, project.slug);
  if (project.hidden) return [own];
  const onWork = !curated?.length || curated.includes(id);
  const work = onWork ? [{ title: SINGLETONS.workPage.title, href: SINGLETON_PAGES.workPage }] : [];
  const elsewhere = sections.map(placeLocation).filter((place) => place !== undefined);
  return [own, ...work, ...elsewhere];
}
