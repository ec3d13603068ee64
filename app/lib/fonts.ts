import type { MetaDescriptor } from "react-router";
import type { RichText } from "~/lib/content/model";
import latinItalic from "../../styles/fonts/inter-tight-latin-wght-italic.woff2?url";
import latin from "../../styles/fonts/inter-tight-latin-wght-normal.woff2?url";

/**
 * The site's one typeface, Inter Tight (variable, self-hosted woff2 made from
 * @fontsource-variable by scripts/fonts.mjs; the faces are in
 * styles/fonts/inter-tight.css). Only the
 * Latin upright file is preloaded: it is what every page's first paint needs.
 * Vite emits one hashed file for it, so the preload and the CSS share a URL.
 */
export const FONT_PRELOADS = [latin];

/** A `<link>` that preloads one of the faces (anonymous CORS: fonts are always fetched so). */
export const fontPreload = (href: string) =>
  ({
    rel: "preload",
    as: "font",
    type: "font/woff2",
    href,
    crossOrigin: "anonymous",
  }) as const;

/**
 * The Latin italic too, for a page whose opening text sets words in italic
 * (an `em` mark, as the home page's intro does). Found by the first layout
 * instead, the face would be asked for late, at the highest priority, and
 * swap in after the first paint (`font-display: swap`), changing those words.
 */
export function italicPreload(text: RichText | null | undefined): MetaDescriptor[] {
  const italic = text?.some(
    (block) =>
      block._type === "block" &&
      block.children?.some((span) => span.marks.some((mark) => mark === "em")),
  );
  return italic ? [{ tagName: "link", ...fontPreload(latinItalic) }] : [];
}
