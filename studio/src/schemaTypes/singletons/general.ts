import { CogIcon } from "@sanity/icons/Cog";
import { defineField, defineType } from "sanity";
import { SINGLETONS } from "../../lib/singletons";
import { imageField } from "../objects/image";

export const general = defineType({
  name: "general",
  title: SINGLETONS.general.title,
  type: "document",
  icon: CogIcon,
  fields: [
    defineField({
      name: "siteTitle",
      title: "Site title",
      type: "string",
      description: "The studio’s name: the wordmark, and the end of every browser tab title.",
      validation: (rule) => rule.required().error("The site needs a title."),
    }),
    defineField({
      name: "metaDescription",
      title: "Site description",
      type: "text",
      rows: 3,
      description:
        "Shown in search results and link previews for pages that have no description of their own.",
    }),
    // No alt text and no crop: the icon is never read aloud, and the site takes the image's centre.
    defineField({
      name: "favicon",
      title: "Browser icon",
      type: "image",
      description:
        "The small icon in browser tabs and bookmarks, and the studio’s logo for search engines. A square PNG, 512 × 512 or larger; any other shape is cut to its centre.",
    }),
    imageField("ogImage", "Sharing image", {
      description:
        "Shown when a page without its own sharing image is shared on social media (1200 × 630 works best).",
    }),
    defineField({
      name: "address",
      title: "Address and contact",
      type: "richText",
      description: "Shown in the footer and the mobile menu.",
    }),
    defineField({
      name: "copyright",
      title: "Copyright holder",
      type: "string",
      description: "Shown as “© {current year} {this}”, for example the company’s legal name.",
    }),
    defineField({
      name: "officePlaylistUrl",
      title: "Office playlist",
      type: "url",
      description:
        "The Spotify playlist the music widget offers while the office listens to a podcast (https://open.spotify.com/playlist/…).",
      validation: (rule) =>
        rule
          .uri({ scheme: ["https"] })
          .error("Paste the playlist’s address, starting with https://."),
    }),
    defineField({
      name: "siteUrl",
      title: "Site address",
      type: "url",
      description:
        "The site’s public address, like https://example.agency: used for canonical links and the sitemap.",
      validation: (rule) => [
        rule
          .uri({ scheme: ["https", "http"] })
          .error("Use the full address, starting with https://."),
        // Canonical links and the sitemap are built from its origin: a path would be dropped.
        rule.custom((value: string | undefined) =>
          !value || !URL.canParse(value) || new URL(value).pathname === "/"
            ? true
            : "Use the address without a path, like https://example.agency.",
        ),
      ],
    }),
  ],
  preview: { prepare: () => ({ title: SINGLETONS.general.title }) },
});
