import { defineField } from "sanity";

/** The groups every page-like document shows its fields in. */
export const pageGroups = [
  { name: "content", title: "Content", default: true },
  { name: "settings", title: "Visibility and search" },
];

/** Fields every page-like document has: title, hidden flag, search settings. */
export const pageFields = [
  defineField({
    name: "title",
    title: "Title",
    type: "string",
    group: "content",
    description:
      "The page’s main heading (on Home read out by screen readers only) and its browser tab title.",
    validation: (rule) =>
      rule
        .required()
        .error("Give the page a title: it is shown on the page and in the browser tab."),
  }),
  defineField({
    name: "hidden",
    title: "Hidden",
    type: "boolean",
    group: "settings",
    description:
      "A hidden page is still served at its address, but it is left out of the sitemap and search engines are asked not to index it; a hidden project is also left out of project lists. The menu and footer keep their links.",
    initialValue: false,
  }),
  defineField({ name: "seo", title: "Search and sharing", type: "seo", group: "settings" }),
];

export const withPageFields = <T>(fields: T[]) => [
  ...pageFields.slice(0, 1),
  ...fields,
  ...pageFields.slice(1),
];
