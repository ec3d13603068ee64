import { ImageIcon } from "@sanity/icons/Image";
import { ImagesIcon } from "@sanity/icons/Images";
import { PlayIcon } from "@sanity/icons/Play";
import { defineArrayMember, defineField, defineType } from "sanity";
import { imageField } from "./image";

type MuxVideo = { asset?: unknown } | undefined;

export const mainImage = defineType({
  name: "mainImage",
  title: "Image",
  type: "object",
  icon: ImageIcon,
  fields: [
    imageField("image", "Image", {
      validation: (rule) => rule.required().assetRequired().error("Choose or upload an image."),
    }),
  ],
  preview: {
    select: { media: "image", alt: "image.alt", filename: "image.asset.originalFilename" },
    prepare: ({ media, alt, filename }) => ({
      title: alt || filename || "Image",
      subtitle: "Image",
      media,
    }),
  },
});

export const mainVideo = defineType({
  name: "mainVideo",
  title: "Video",
  type: "object",
  icon: PlayIcon,
  fields: [
    defineField({
      name: "video",
      title: "Video",
      type: "mux.video",
      description: "Upload the video here; it is encoded and streamed by Mux.",
      validation: (rule) =>
        rule.custom((video) => ((video as MuxVideo)?.asset ? true : "Upload or choose a video.")),
    }),
    defineField({
      name: "isVideoPlayer",
      title: "Show as a player",
      type: "boolean",
      description:
        "On: a player with controls and sound, started by the visitor. Off: a muted background video that loops and plays by itself.",
      initialValue: false,
    }),
    defineField({
      name: "description",
      title: "What the video shows",
      type: "string",
      description:
        "One sentence for visitors who cannot see it (screen readers read it on gallery slides and the play button), for example “Posters for the late shows, printed and pasted up”.",
      validation: (rule) =>
        rule.max(200).warning("Keep it to a sentence: it is read out before the video opens."),
    }),
    defineField({
      name: "thumbnailTime",
      title: "Poster frame (seconds)",
      type: "number",
      description:
        "The moment of the video shown before it plays, in seconds from the start (for example 2.5).",
      validation: (rule) => rule.min(0).error("The poster frame cannot be before the start."),
    }),
  ],
  preview: {
    select: {
      filename: "video.asset.filename",
      isVideoPlayer: "isVideoPlayer",
      playbackId: "video.asset.playbackId",
    },
    prepare: ({ filename, isVideoPlayer, playbackId }) => ({
      title: filename || playbackId || "Video",
      subtitle: isVideoPlayer ? "Video player" : "Background video",
    }),
  },
});

/** One image or one video (hero, thumbnail, media module). */
export const mediaItem = defineType({
  name: "mediaItem",
  title: "Image or video",
  type: "array",
  of: [defineArrayMember({ type: "mainImage" }), defineArrayMember({ type: "mainVideo" })],
  validation: (rule) =>
    rule
      .max(1)
      .error(
        "This holds one image or one video: remove the extra one (keep the one you want first).",
      ),
});

/** Images and videos shown in a row, with a lightbox. */
export const mediaGallery = defineType({
  name: "mediaGallery",
  title: "Gallery items",
  type: "array",
  icon: ImagesIcon,
  of: [defineArrayMember({ type: "mainImage" }), defineArrayMember({ type: "mainVideo" })],
  options: { layout: "grid" },
});
