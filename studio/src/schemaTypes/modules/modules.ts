import { BlockContentIcon } from "@sanity/icons/BlockContent";
import { ImageIcon } from "@sanity/icons/Image";
import { ImagesIcon } from "@sanity/icons/Images";
import { ThListIcon } from "@sanity/icons/ThList";
import { UsersIcon } from "@sanity/icons/Users";
import { defineArrayMember, defineField, defineType } from "sanity";

/** Every module may show in the opposite colour scheme while it is on screen. */
const inverted = defineField({
  name: "inverted",
  title: "Inverted colours",
  type: "boolean",
  description:
    "Shows this section in the opposite colour scheme (blue background, white text in light mode) while it is on screen.",
  initialValue: false,
});

const heading = defineField({
  name: "heading",
  title: "Heading",
  type: "string",
  description: "Optional. Shown above the section.",
});

const invertedSubtitle = (kind: string, isInverted?: boolean) =>
  isInverted ? `${kind} · inverted` : kind;

export const textModule = defineType({
  name: "textModule",
  title: "Text",
  type: "object",
  icon: BlockContentIcon,
  fields: [heading, defineField({ name: "body", title: "Text", type: "richText" }), inverted],
  preview: {
    select: { heading: "heading", body: "body", inverted: "inverted" },
    prepare: ({ heading, body, inverted }) => {
      const firstBlock = (body as { children?: { text?: string }[] }[] | undefined)?.[0];
      const text = firstBlock?.children?.map((child) => child.text ?? "").join("");
      return { title: heading || text || "Text", subtitle: invertedSubtitle("Text", inverted) };
    },
  },
});

export const mediaModule = defineType({
  name: "mediaModule",
  title: "Image or video",
  type: "object",
  icon: ImageIcon,
  fields: [
    defineField({
      name: "media",
      title: "Image or video",
      type: "mediaItem",
      validation: (rule) => rule.required().min(1).error("Add an image or a video."),
    }),
    defineField({
      name: "size",
      title: "Width",
      type: "string",
      options: {
        list: [
          { title: "Full width", value: "full" },
          { title: "Half width", value: "half" },
        ],
        layout: "radio",
        direction: "horizontal",
      },
      description:
        "Two half-width sections one after the other share a row. One on its own sits beside its caption, or without a caption shows full width.",
      initialValue: "full",
    }),
    defineField({
      name: "caption",
      title: "Caption",
      type: "string",
      description:
        "Optional. A line of text under the image or video (beside it, for a half-width one on its own).",
    }),
    defineField({
      name: "readableOnPhones",
      title: "Keep it readable on phones",
      type: "boolean",
      description:
        "For a full-width picture with small text (a board, a chart, a diagram): a phone shows it about twice as large, scrolling sideways, instead of shrinking it to the screen.",
      initialValue: false,
      // Pictures only, full width only: what the site applies it to.
      hidden: ({ parent }) => parent?.size === "half" || parent?.media?.[0]?._type === "mainVideo",
    }),
    inverted,
  ],
  preview: {
    select: { caption: "caption", size: "size", media: "media.0.image", inverted: "inverted" },
    prepare: ({ caption, size, media, inverted }) => ({
      title: caption || "Image or video",
      subtitle: invertedSubtitle(size === "half" ? "Half width" : "Full width", inverted),
      media,
    }),
  },
});

export const galleryModule = defineType({
  name: "galleryModule",
  title: "Gallery",
  type: "object",
  icon: ImagesIcon,
  fields: [
    heading,
    defineField({
      name: "items",
      title: "Images and videos",
      type: "mediaGallery",
      validation: (rule) =>
        rule.required().min(1).error("A gallery needs at least one image or video."),
    }),
    inverted,
  ],
  preview: {
    select: { heading: "heading", items: "items", media: "items.0.image", inverted: "inverted" },
    prepare: ({ heading, items, media, inverted }) => {
      const count = Array.isArray(items) ? items.length : 0;
      return {
        title: heading || "Gallery",
        subtitle: invertedSubtitle(`Gallery · ${count} item${count === 1 ? "" : "s"}`, inverted),
        media,
      };
    },
  },
});

export const peopleModule = defineType({
  name: "peopleModule",
  title: "People",
  type: "object",
  icon: UsersIcon,
  fields: [
    heading,
    defineField({
      name: "people",
      title: "People",
      type: "array",
      description:
        "Portraits in a row, each with a name and role under it when given. Three or four fill a wide screen's row.",
      of: [defineArrayMember({ type: "person" })],
      options: { layout: "grid" },
      validation: (rule) => rule.required().min(1).error("Add at least one person."),
    }),
    inverted,
  ],
  preview: {
    select: { heading: "heading", people: "people", media: "people.0.image", inverted: "inverted" },
    prepare: ({ heading, people, media, inverted }) => {
      const count = Array.isArray(people) ? people.length : 0;
      return {
        title: heading || "People",
        subtitle: invertedSubtitle(`People · ${count}`, inverted),
        media,
      };
    },
  },
});

export const projectsModule = defineType({
  name: "projectsModule",
  title: "Projects",
  type: "object",
  icon: ThListIcon,
  fields: [
    heading,
    defineField({
      name: "projects",
      title: "Projects",
      type: "array",
      description:
        "The projects to show, in this order. Hidden projects are left out on the site, and a section with none to show with them.",
      of: [defineArrayMember({ type: "reference", to: [{ type: "project" }] })],
      validation: (rule) => [
        rule.required().min(1).error("Add at least one project."),
        rule.unique().error("This project is already in the list."),
      ],
    }),
    inverted,
  ],
  preview: {
    select: { heading: "heading", projects: "projects", inverted: "inverted" },
    prepare: ({ heading, projects, inverted }) => {
      const count = Array.isArray(projects) ? projects.length : 0;
      return {
        title: heading || "Projects",
        subtitle: invertedSubtitle(`Projects · ${count}`, inverted),
      };
    },
  },
});

/** The sections of a page, in order. */
export const modules = defineType({
  name: "modules",
  title: "Sections",
  type: "array",
  of: [
    defineArrayMember({ type: "textModule" }),
    defineArrayMember({ type: "mediaModule" }),
    defineArrayMember({ type: "galleryModule" }),
    defineArrayMember({ type: "peopleModule" }),
    defineArrayMember({ type: "projectsModule" }),
  ],
});
