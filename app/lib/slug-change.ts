import { redirectSourcesQuery } from "./content/queries";
import { projectPath } from "./links";
import { normalizePath, sourceProblem } from "./redirects";
import { safeRedirectTarget } from "./safe-redirect";

/**
 * When an editor publishes a project under a new slug, its old address must
 * keep working (docs/content-model.md, "Redirects"): the Studio's publish
 * action (studio/src/actions/publishWithRedirect.ts) writes what this plan
 * says just before the publish. Framework-free, so the Studio and the tests
 * share it (relative imports only).
 */

/** A `redirect` document as the Studio writes it. */
export type RedirectDocument = {
  _id: string;
  _type: "redirect";
  source: string;
  destination: {
    _type: "redirectDestination";
    type: "internalLink";
    page: { _type: "reference"; _ref: string };
  };
  permanent: true;
};

type SlugChange = {
  /** The project's published id (no `drafts.` prefix). */
  projectId: string;
  /** The slug the live site has now, if the project was published before. */
  publishedSlug?: string | null;
  /** The slug being published. */
  nextSlug?: string | null;
  /** Every redirect there is, by id and source. */
  redirects: readonly { _id: string; source?: string | null }[];
};

type SlugChangePlan = {
  /** The redirect from the old address to the project (which resolves to its new one). */
  create: RedirectDocument;
  /**
   * Redirects whose source is the new address: renamed back to an old name,
   * the project would otherwise redirect away from its own page.
   */
  remove: string[];
};

const idPart = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "-");

/** What to write for this publish, or null when the address does not change. */
export function planSlugChange(change: SlugChange): SlugChangePlan | null {
  const { projectId, publishedSlug, nextSlug, redirects } = change;
  if (!publishedSlug || !nextSlug) return null;
  const oldPath = projectPath(publishedSlug);
  const newPath = projectPath(nextSlug);
  if (normalizePath(oldPath) === normalizePath(newPath)) return null;
  // A redirect the site would never match or never follow is not written: an old address a
  // browser never sends (`/work/..`), or a new one it would read as another place.
  if (sourceProblem(oldPath) !== null || safeRedirectTarget(newPath) !== newPath) return null;
  const newKey = normalizePath(newPath);
  return {
    create: {
      // One redirect per old address: publishing the same rename twice rewrites it.
      _id: `redirect-rename-${idPart(projectId)}-${idPart(publishedSlug)}`,
      _type: "redirect",
      source: oldPath,
      destination: {
        _type: "redirectDestination",
        type: "internalLink",
        page: { _type: "reference", _ref: projectId },
      },
      permanent: true,
    },
    remove: redirects
      .filter((redirect) => redirect.source && normalizePath(redirect.source) === newKey)
      .map((redirect) => redirect._id),
  };
}

/**
 * The part of a Sanity client the Studio's publish action uses, written out so that the Studio's
 * client and the site's (two copies of @sanity/client) both fit.
 */
type RedirectWriter = {
  fetch(query: string): Promise<unknown>;
  transaction(): RedirectTransaction;
};
type RedirectTransaction = {
  createOrReplace(document: RedirectDocument): RedirectTransaction;
  delete(id: string): RedirectTransaction;
  commit(): Promise<unknown>;
};

/**
 * Keeps a renamed project's old address: reads the redirects, then writes the plan in one
 * transaction. Returns what it wrote, or null when the address does not change (then nothing is
 * read or written).
 */
export async function keepOldAddress(
  client: RedirectWriter,
  change: Omit<SlugChange, "redirects">,
): Promise<SlugChangePlan | null> {
  if (!planSlugChange({ ...change, redirects: [] })) return null;
  const redirects = (await client.fetch(redirectSourcesQuery)) as SlugChange["redirects"];
  const plan = planSlugChange({ ...change, redirects })!;
  const transaction = client.transaction().createOrReplace(plan.create);
  for (const id of plan.remove) transaction.delete(id);
  await transaction.commit();
  return plan;
}
