import { CaseIcon } from "@sanity/icons/Case";
import { defineArrayMember, defineField, defineType } from "sanity";
import { pageGroups, withPageFields } from "./pageFields";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const project = defineType({
  name: "project",
  title: "Project",
  type: "document",
  icon: CaseIcon,
  groups: pageGroups,
  fields: withPageFields([
    defineField({
      name: "slug",
      title: "Address",
      type: "slug",
      group: "content",
      description:
        "The last part of the project’s address: /work/<this>. Press Generate to make it from the title. Safe to change: publishing keeps the old address working with a redirect (see Redirects).",
      options: { source: "title", maxLength: 96 },
      // One rule: the slug type's own check (unique among projects) runs with it once.
      validation: (rule) =>
        rule.custom((slug: { current?: string } | undefined) => {
          if (!slug?.current)
            return "The project needs an address: press Generate next to the field.";
          return SLUG.test(slug.current)
            ? true
            : "Use lowercase letters, digits and single dashes only, like harbour-lights.";
        }),
    }),
    defineField({
      name: "client",
      title: "Client",
      type: "string",
      group: "content",
    }),
    defineField({
      name: "year",
      title: "Year",
      type: "number",
      group: "content",
      description:
        "The year the project launched. The Work page lists newest first, projects without a year last, while Work › Projects is empty; otherwise it shows that list, in its order.",
      validation: (rule) => rule.integer().min(1900).max(2100).error("Enter a year like 2025."),
    }),
    defineField({
      name: "services",
      title: "Services",
      type: "array",
      group: "content",
      description:
        "What the studio did, for example Branding or Web development. Press Enter after each.",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
    }),
    defineField({
      name: "excerpt",
      title: "Summary",
      type: "text",
      rows: 3,
      group: "content",
      description: "One or two sentences shown at the top of the project page.",
    }),
    defineField({
      name: "thumbnail",
      title: "Thumbnail",
      type: "mediaItem",
      group: "content",
      description:
        "The image or video of the project’s card on Work and in projects sections. Without one the card shows an empty frame.",
      validation: (rule) =>
        rule
          .required()
          .warning("Add a thumbnail: without one the project’s card is an empty frame."),
    }),
    defineField({
      name: "hero",
      title: "Hero",
      type: "mediaItem",
      group: "content",
      description: "The large image or video at the top of the project page.",
    }),
    defineField({ name: "modules", title: "Sections", type: "modules", group: "content" }),
  ]),
  orderings: [
    {
      title: "Year, newest first",
      name: "yearDesc",
      by: [
        { field: "year", direction: "desc" },
        { field: "title", direction: "asc" },
      ],
    },
  ],
  preview: {
    select: {
      title: "title",
      client: "client",
      year: "year",
      hidden: "hidden",
      thumbnail: "thumbnail.0.image",
    },
    // The thumbnail alone, as the site's cards show it.
    prepare: ({ title, client, year, hidden, thumbnail }) => ({
      title: title || "Untitled project",
      subtitle: [client, year, hidden ? "Hidden" : null].filter(Boolean).join(" · "),
      media: thumbnail || CaseIcon,
    }),
  },
});
