import { SearchIcon } from "@sanity/icons/Search";
import { defineField, defineType } from "sanity";
import { imageField } from "./image";

export const seo = defineType({
  name: "seo",
  title: "Search and sharing",
  type: "object",
  icon: SearchIcon,
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({
      name: "notIndexed",
      title: "Hide from search engines",
      type: "boolean",
      description:
        "Search engines are asked not to list this page, and it is left out of the sitemap. The page stays reachable by its address.",
      initialValue: false,
    }),
    defineField({
      name: "metaDescription",
      title: "Description for search results",
      type: "text",
      rows: 3,
      description:
        "One or two sentences shown under the page title in search results and link previews. Leave empty to use the site’s description from General settings.",
      validation: (rule) =>
        rule.max(200).warning("Search engines cut descriptions longer than about 160 characters."),
    }),
    imageField("ogImage", "Sharing image", {
      description:
        "Shown when the page is shared on social media or in messages (1200 × 630 works best). Leave empty to use the one from General settings.",
    }),
  ],
});
