import { HighlightIcon } from "@sanity/icons/Highlight";
import { ImageIcon } from "@sanity/icons/Image";
import { LinkIcon } from "@sanity/icons/Link";
import type { ReactNode } from "react";
import { defineArrayMember, defineType } from "sanity";
import { imageAltFields, imageOptions } from "./image";

function Highlight({ children }: { children?: ReactNode }) {
  return <mark>{children}</mark>;
}

/** Formatted text: every style, list and mark the site renders (docs/content-model.md). */
export const richText = defineType({
  name: "richText",
  title: "Rich text",
  type: "array",
  of: [
    defineArrayMember({
      type: "block",
      styles: [
        { title: "Paragraph", value: "normal" },
        { title: "Heading 1", value: "h1" },
        { title: "Heading 2", value: "h2" },
        { title: "Heading 3", value: "h3" },
        { title: "Heading 4", value: "h4" },
        { title: "Heading 5", value: "h5" },
        { title: "Heading 6", value: "h6" },
        { title: "Quote", value: "blockquote" },
      ],
      lists: [
        { title: "Bulleted list", value: "bullet" },
        { title: "Numbered list", value: "number" },
      ],
      marks: {
        decorators: [
          { title: "Bold", value: "strong" },
          { title: "Italic", value: "em" },
          { title: "Code", value: "code" },
          { title: "Underline", value: "underline" },
          { title: "Strike through", value: "strike-through" },
          { title: "Highlight", value: "highlight", icon: HighlightIcon, component: Highlight },
        ],
        annotations: [defineArrayMember({ type: "link", name: "link", icon: LinkIcon })],
      },
    }),
    defineArrayMember({
      type: "image",
      name: "image",
      title: "Image",
      icon: ImageIcon,
      options: imageOptions,
      fields: imageAltFields,
    }),
  ],
});
