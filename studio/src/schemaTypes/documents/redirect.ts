import { TransferIcon } from "@sanity/icons/Transfer";
import { defineField, defineType, getPublishedId, type ValidationContext } from "sanity";
import {
  describeRedirect,
  livePagePaths,
  redirectProblems,
  redirectTarget,
  sourceProblem,
  type RedirectInput,
  type RedirectProblem,
  type SourceProblem,
} from "../../lib/redirects";
import { SANITY_API_VERSION } from "../../lib/singletons";

/**
 * A redirect: visitors who ask for `source` are sent to `destination`
 * (docs/content-model.md, "Redirects"). The rules are the site's own
 * (app/lib/redirects.ts, app/lib/redirect-problems.ts); the messages here are
 * written for editors.
 */

const SOURCE_MESSAGES: Record<SourceProblem, string> = {
  missing: "Add the address to redirect from: a path starting with /, like /old-page.",
  whitespace: "Remove the spaces: an address has none. Use a dash instead, like /old-page.",
  "absolute-url":
    "Enter only the path, starting with /: leave out https:// and the domain (for https://example.com/old-page, enter /old-page).",
  relative: "Start the address with /, like /old-page.",
  query:
    "Leave out the ? and everything after it: a redirect matches the path alone and keeps the visitor’s query string.",
  fragment: "Leave out the # and everything after it: browsers never send that part to the site.",
  "empty-segment": "Remove the double slash (//): use one / between the parts of the address.",
  "dot-segment":
    "Remove the . and .. parts: browsers resolve them before they ask the site, so the address would never match.",
  "bad-encoding":
    "Check the % signs: each must be followed by two hexadecimal digits (write %25 for a percent sign).",
  "site-route":
    "This address belongs to the site itself (its API, media, the Studio, robots.txt or the sitemap) and cannot be redirected. Choose another.",
};

type RedirectContext = {
  page: { _type?: string; slug?: string | null } | null;
  others: RedirectInput[];
  projectSlugs: string[];
  siteUrl: string | null;
};

// The page this redirect names, every other redirect (drafts and published,
// not this document's own pair, not release versions), the published
// projects' slugs (live pages) and the site's own address.
const CONTEXT_QUERY = `{
  "page": coalesce(
    *[_id == $pageId][0]{ _type, "slug": slug.current },
    *[_id == "drafts." + $pageId][0]{ _type, "slug": slug.current }
  ),
  "others": *[_type == "redirect" && !(_id in [$id, "drafts." + $id]) && !(_id in path("versions.**"))]{
    _id,
    source,
    permanent,
    "destination": destination{ type, href, "page": page->_type, "slug": page->slug.current }
  },
  "projectSlugs": *[_type == "project" && !(_id in path("drafts.**")) && !(_id in path("versions.**")) && defined(slug.current)].slug.current,
  "siteUrl": *[_id == "general"][0].siteUrl
}`;

type RedirectDocument = {
  _id?: string;
  source?: string;
  permanent?: boolean;
  destination?: { type?: string; href?: string; page?: { _ref?: string } };
};

// The form's fields run their rules together: one query serves them all.
let lastFetch: { key: string; at: number; result: Promise<RedirectContext> } | undefined;

function fetchContext(document: RedirectDocument, context: ValidationContext) {
  const id = getPublishedId(document._id ?? "");
  const pageId = document.destination?.page?._ref ?? "";
  const key = JSON.stringify([id, pageId, document.source, document.destination]);
  if (lastFetch && lastFetch.key === key && Date.now() - lastFetch.at < 2000) {
    return lastFetch.result;
  }
  const client = context
    .getClient({ apiVersion: SANITY_API_VERSION })
    .withConfig({ perspective: "raw" });
  const result = client.fetch<RedirectContext>(CONTEXT_QUERY, { id, pageId });
  lastFetch = { key, at: Date.now(), result };
  result.catch(() => (lastFetch = undefined));
  return result;
}

function asInput(document: RedirectDocument, found: RedirectContext): RedirectInput {
  return {
    _id: document._id,
    source: document.source,
    permanent: document.permanent,
    destination: {
      type: document.destination?.type,
      href: document.destination?.href,
      page: found.page?._type,
      slug: found.page?.slug,
    },
  };
}

function message(problem: RedirectProblem, self: RedirectInput, siteOrigin: string | null) {
  const name = (other: RedirectInput) => `“${describeRedirect(other, { siteOrigin })}”`;
  switch (problem.code) {
    case "leaves-site":
      return "A browser would read this address as another website (a double slash or a backslash after the domain), so the site will not follow it. Enter the path of a page on this site, like /work/my-project, or choose the page.";
    case "self":
      return `This redirect sends visitors back to the address they asked for (${self.source}), so they would never arrive. Choose another destination.`;
    case "duplicate":
      return `Another redirect starts from this address: ${name(problem.other)}. Keep one of them (letter case and a slash at the end make no difference).`;
    case "chain":
      return `This would chain two redirects: the destination is itself redirected, by ${name(problem.other)}. Choose that redirect’s destination here instead.`;
    case "loop":
      return `This would make a loop: ${[self, ...problem.via].map(name).join(", then ")}, and round again. Visitors would never arrive: choose another destination.`;
    case "chained-from":
      return `This would chain two redirects: ${name(problem.other)} sends visitors to this address. Point that redirect straight to this one’s destination instead.`;
    case "hides-page":
      return `${self.source} is the address of a page on the site. While this redirect exists, visitors are sent on and never see that page.`;
  }
}

function check(level: "error" | "warning") {
  return async (value: unknown, context: ValidationContext) => {
    const document = value as RedirectDocument | undefined;
    if (!document || sourceProblem(document.source) !== null) return true;
    const found = await fetchContext(document, context);
    const self = asInput(document, found);
    const results = redirectProblems(self, found.others, {
      livePaths: livePagePaths(found.projectSlugs),
      siteOrigin: found.siteUrl,
    })
      .filter((problem) => problem.level === level)
      .map((problem) => ({
        message: message(problem, self, found.siteUrl),
        path: [problem.field],
      }));
    // The destination's own rules say what is missing; here, a page that has no address.
    if (
      level === "error" &&
      document.destination?.type === "internalLink" &&
      found.page &&
      redirectTarget({ type: "internalLink", page: found.page._type, slug: found.page.slug })
        .kind === "none"
    ) {
      results.push({
        message: "The chosen page has no address yet. Give it one first, or choose another page.",
        path: ["destination"],
      });
    }
    return results.length ? results : true;
  };
}

export const redirect = defineType({
  name: "redirect",
  title: "Redirect",
  type: "document",
  icon: TransferIcon,
  fields: [
    defineField({
      name: "source",
      title: "From",
      type: "string",
      description:
        "The old address on this site, starting with /, like /projects/old-name. Letter case and a slash at the end make no difference; the visitor’s query string (?…) is kept.",
      validation: (rule) =>
        rule.custom((source) => {
          const problem = sourceProblem(source);
          return problem ? SOURCE_MESSAGES[problem] : true;
        }),
    }),
    defineField({
      name: "destination",
      title: "To",
      type: "redirectDestination",
      description: "A page of this site, or a web address elsewhere.",
      validation: (rule) =>
        rule.required().error("Choose where the redirect sends visitors: a page or an address."),
    }),
    defineField({
      name: "permanent",
      title: "Permanent",
      type: "boolean",
      description:
        "On: the old address is gone for good, and search engines move its ranking to the destination. Off: a temporary move (a campaign, a page being rebuilt).",
      initialValue: true,
    }),
  ],
  // What only the other redirects and the site's pages can tell: shown on the fields.
  validation: (rule) => [rule.custom(check("error")), rule.custom(check("warning")).warning()],
  orderings: [
    { title: "From, A–Z", name: "sourceAsc", by: [{ field: "source", direction: "asc" }] },
  ],
  preview: {
    select: {
      source: "source",
      permanent: "permanent",
      type: "destination.type",
      href: "destination.href",
      page: "destination.page._type",
      slug: "destination.page.slug.current",
    },
    prepare: ({ source, permanent, type, href, page, slug }) => ({
      title: describeRedirect({ source, destination: { type, href, page, slug } }),
      subtitle: permanent === false ? "Temporary" : "Permanent",
      media: TransferIcon,
    }),
  },
});
