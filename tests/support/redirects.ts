import type { LinkInput } from "~/lib/links";

// Invented content for the redirect rules' tests: no slug of the sample datasets.
export const home: LinkInput = { type: "internalLink", page: "homepage" };
export const work: LinkInput = { type: "internalLink", page: "workPage" };
export const culture: LinkInput = { type: "internalLink", page: "culturePage" };
export const project = (slug: string): LinkInput => ({
  type: "internalLink",
  page: "project",
  slug,
});
export const external = (href: string): LinkInput => ({ type: "externalLink", href });

let count = 0;
/** A redirect document as the query returns it, with an id of its own. */
export const redirect = (source: string, destination: LinkInput | null, permanent = true) => ({
  _id: `r${++count}`,
  source,
  destination,
  permanent,
});
