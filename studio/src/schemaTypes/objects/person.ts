import { UserIcon } from "@sanity/icons/User";
import { defineField, defineType } from "sanity";
import { imageField } from "./image";

/** Names and roles are set under a portrait: one short line each (docs/content-model.md). */
export const PERSON_TEXT_MAX = 60;

type PersonParent = { name?: string } | undefined;

/**
 * Someone shown in a people module: a portrait, and who they are. The name and role are
 * optional, so a row can be pictures alone (say, before everyone has agreed to be named);
 * the site then shows no caption at all, never an empty one.
 */
export const person = defineType({
  name: "person",
  title: "Person",
  type: "object",
  icon: UserIcon,
  fields: [
    imageField("image", "Portrait", {
      validation: (rule) => rule.required().assetRequired().error("Choose or upload a portrait."),
    }),
    defineField({
      name: "name",
      title: "Name",
      type: "string",
      description: "Shown under the portrait. Leave empty to show the portrait alone.",
      validation: (rule) =>
        rule
          .max(PERSON_TEXT_MAX)
          .error(`Keep the name to ${PERSON_TEXT_MAX} characters: it is set on one short line.`),
    }),
    defineField({
      name: "role",
      title: "Role",
      type: "string",
      description: "What they do at the studio, under the name: for example “Lead developer”.",
      validation: (rule) => [
        rule
          .max(PERSON_TEXT_MAX)
          .error(`Keep the role to ${PERSON_TEXT_MAX} characters: it is set on one short line.`),
        rule
          .custom((role, context) =>
            role && !(context.parent as PersonParent)?.name?.trim()
              ? "A role is shown under a name: add the name too."
              : true,
          )
          .warning(),
      ],
    }),
  ],
  preview: {
    select: { name: "name", role: "role", alt: "image.alt", media: "image" },
    prepare: ({ name, role, alt, media }) => ({
      title: name || alt || "Person",
      subtitle: role || (name ? undefined : "No name: the portrait shows alone"),
      media,
    }),
  },
});
