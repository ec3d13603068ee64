import { LinkIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";

/** Schemes an external link may use: web pages, email and phone numbers, never scripts. */
export const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

type LinkParent = { type?: string } | undefined;

export const link = defineType({
  name: "link",
  title: "Link",
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
        ],
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
      to: [{ type: "homepage" }, { type: "project" }],
      description: "The home page or a project.",
      hidden: ({ parent }) => (parent as LinkParent)?.type === "externalLink",
    }),
    defineField({
      name: "href",
      title: "Address",
      type: "url",
      description:
        "A full web address (https://…), an email address (mailto:name@example.com) or a phone number (tel:+3545550142). External links open in a new tab.",
      hidden: ({ parent }) => (parent as LinkParent)?.type !== "externalLink",
      // One rule: the url type's own (http and https only) is replaced, not added to.
      validation: (rule) =>
        rule
          .uri({ scheme: LINK_SCHEMES })
          .error(
            "Use a web address starting with https://, an email address starting with mailto: or a phone number starting with tel:.",
          ),
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
      return true;
    }),
  preview: {
    select: { type: "type", href: "href", title: "page.title", pageType: "page._type" },
    prepare: ({ type, href, title, pageType }) => ({
      title: type === "externalLink" ? href || "No address yet" : title || "No page chosen yet",
      subtitle:
        type === "externalLink" ? "External link" : pageType === "homepage" ? "Home" : "Project",
    }),
  },
});
