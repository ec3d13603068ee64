import { LinkIcon } from "@sanity/icons/Link";
import { defineField, defineType } from "sanity";
import { resolveLink } from "../../lib/links";
import { SINGLETON_PAGES, SINGLETONS, type SingletonPage } from "../../lib/singletons";

/** Schemes an external link may use: web pages, email and phone numbers, never scripts. */
export const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

type LinkParent = { type?: string } | undefined;

/** What a chosen page is, under its title in the link's preview: the singletons' own titles. */
const PAGE_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.keys(SINGLETON_PAGES).map((id) => [id, SINGLETONS[id as SingletonPage].title]),
  ),
  project: "Project",
};

type LinkVariant = {
  name: string;
  title: string;
  /** The document types the page reference may name. */
  pages: string[];
  pageDescription: string;
  /** Schemes the address may use, and what to say when it uses another. */
  schemes: string[];
  hrefDescription: string;
  hrefMessage: string;
};

/**
 * A link: a page of this site (a reference) or an address elsewhere. The
 * site's resolver (app/lib/links.ts) turns either into a destination. Two
 * variants share these fields: `link` (a rich-text annotation) and
 * `redirectDestination` (a redirect's destination, which may name any page
 * and only a web address).
 */
function defineLink(variant: LinkVariant) {
  return defineType({
    name: variant.name,
    title: variant.title,
    type: "object",
    icon: LinkIcon,
    fields: [
      defineField({
        name: "type",
        title: "Links to",
        type: "string",
        options: {
          list: [
            { title: "A page of this site", value: "internalLink" },
            { title: "A web address, email or phone number", value: "externalLink" },
          ].map((option) =>
            option.value === "externalLink" && !variant.schemes.includes("mailto")
              ? { ...option, title: "A web address elsewhere" }
              : option,
          ),
          layout: "radio",
          direction: "horizontal",
        },
        initialValue: "internalLink",
        validation: (rule) => rule.required().error("Choose what the link points to."),
      }),
      defineField({
        name: "page",
        title: "Page",
        type: "reference",
        to: variant.pages.map((type) => ({ type })),
        description: variant.pageDescription,
        hidden: ({ parent }) => (parent as LinkParent)?.type === "externalLink",
      }),
      defineField({
        name: "href",
        title: "Address",
        type: "url",
        description: variant.hrefDescription,
        hidden: ({ parent }) => (parent as LinkParent)?.type !== "externalLink",
        // One rule: the url type's own (http and https only) is replaced, not added to.
        validation: (rule) => rule.uri({ scheme: variant.schemes }).error(variant.hrefMessage),
      }),
    ],
    // What a link needs depends on its kind: checked on the link, shown on the field.
    validation: (rule) =>
      rule.custom((value) => {
        const linkValue = value as { type?: string; page?: unknown; href?: string } | undefined;
        if (!linkValue) return true;
        if (linkValue.type === "internalLink" && !linkValue.page) {
          return { message: "Choose the page the link opens.", path: ["page"] };
        }
        if (linkValue.type === "externalLink" && !linkValue.href) {
          return { message: "Add the address the link opens.", path: ["href"] };
        }
        // A scheme the field allows, in an address the site would still not link to.
        const scheme = linkValue.href?.split(":")[0]?.toLowerCase() ?? "";
        if (
          linkValue.type === "externalLink" &&
          variant.schemes.includes(scheme) &&
          resolveLink({ type: "externalLink", href: linkValue.href }).kind !== "external"
        ) {
          return {
            message:
              "The site cannot link to this address: write a space as %20, and start a phone number with + or a digit.",
            path: ["href"],
          };
        }
        return true;
      }),
    preview: {
      select: { type: "type", href: "href", title: "page.title", pageType: "page._type" },
      prepare: ({ type, href, title, pageType }) => ({
        title: type === "externalLink" ? href || "No address yet" : title || "No page chosen yet",
        subtitle:
          type === "externalLink"
            ? "External link"
            : (PAGE_LABELS[pageType] ?? "Page of this site"),
      }),
    },
  });
}

export const link = defineLink({
  name: "link",
  title: "Link",
  pages: ["homepage", "project"],
  pageDescription: "The home page or a project.",
  schemes: LINK_SCHEMES,
  hrefDescription:
    "A full web address (https://…), an email address (mailto:name@example.com) or a phone number (tel:+3545550142). Web addresses open in a new tab; email and phone links open the visitor's mail or phone app.",
  hrefMessage:
    "Use a web address starting with https://, an email address starting with mailto: or a phone number starting with tel:.",
});

/** A redirect's destination: any page of the site, or a web address. */
export const redirectDestination = defineLink({
  name: "redirectDestination",
  title: "Destination",
  pages: [...(Object.keys(SINGLETON_PAGES) as SingletonPage[]), "project"],
  pageDescription: "Home, Work, Culture, Legal or a project.",
  schemes: ["http", "https"],
  hrefDescription: "A full web address, starting with https://.",
  hrefMessage: "A redirect can only send visitors to a web address starting with https://.",
});
