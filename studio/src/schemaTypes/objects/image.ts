import { defineField, type FieldDefinition } from "sanity";

/**
 * Every image of the model is Sanity's own `image` type with hotspot and
 * crop, plus alternative text. Alt text is required unless an editor marks
 * the image as decorative (then the site gives it an empty alt).
 */

type ImageParent = { asset?: unknown; decorative?: boolean } | undefined;

export const imageAltFields = [
  defineField({
    name: "alt",
    title: "Alternative text",
    type: "string",
    description:
      "What the image shows, for people who cannot see it and for search engines. One short sentence.",
    hidden: ({ parent }) => Boolean((parent as ImageParent)?.decorative),
    validation: (rule) =>
      rule.custom((alt, context) => {
        const image = context.parent as ImageParent;
        if (!image?.asset || image.decorative) return true;
        return typeof alt === "string" && alt.trim()
          ? true
          : "Describe the image in a few words, or tick “Decorative” if it adds nothing for someone who cannot see it.";
      }),
  }),
  defineField({
    name: "decorative",
    title: "Decorative",
    type: "boolean",
    description:
      "Tick when the image is only ornament: screen readers then skip it and no alternative text is needed.",
    initialValue: false,
  }),
];

export const imageOptions = { hotspot: true } as const;

/** An image field with hotspot, crop and alternative text. */
export function imageField(
  name: string,
  title: string,
  extra: Partial<Omit<FieldDefinition<"image">, "name" | "title" | "type">> = {},
) {
  return defineField({
    name,
    title,
    type: "image",
    options: imageOptions,
    fields: imageAltFields,
    ...extra,
  } as FieldDefinition<"image">);
}
