import type { ImageLayout } from "./preload";

/**
 * The `sizes` (and crops) of every image slot on the site, in one place, so a
 * route's preload and the image it preloads always ask for the same file.
 * Widths follow the CSS: pages and modules keep a gutter of 1.25rem on phones
 * and about 2.6vw above (styles/shell/base.css `--gutter`); grids split at md
 * (768px) and lg (1024px).
 */
/**
 * A portrait in a people module of `count` people: 4:5, as wide as one of the row's columns,
 * which styles/people.css sets to the count within 2–3 on phones and 3–4 from md, each
 * column's share of the content less the gutters between them (1.25rem on phones, 2.6vw above).
 */
export function personLayout(count: number): ImageLayout {
  const phone = Math.min(Math.max(count, 2), 3);
  const wide = Math.min(Math.max(count, 3), 4);
  const wideVw = Math.ceil((100 - 2.6 * (wide + 1)) / wide);
  return {
    sizes: `(min-width: 768px) ${wideVw}vw, calc((100vw - ${1.25 * (phone + 1)}rem) / ${phone})`,
    aspectRatio: 4 / 5,
  };
}

/**
 * How many Work cards are in the first screen: eager, with their blurred placeholders (the Work
 * list's query sends these cards' placeholders and no others; queries.test.ts holds them to it).
 */
export const FIRST_SCREEN_CARDS = 2;

export const LAYOUTS = {
  /** Full-bleed page heroes. */
  hero: { sizes: "100vw" },
  /**
   * The home hero fills the first screen: 4:5 on phones and every other
   * portrait screen (`min(100svh - header, 125vw)` tall, styles/shell/pages.css),
   * wider than 16:9 on landscape ones. Portrait screens get a file cut to 4:5
   * round the hotspot, landscape ones the whole image (docs/decisions/050-image-url-builder.md).
   */
  homeHero: { sizes: "100vw", art: { media: "(orientation: portrait)", aspectRatio: 4 / 5 } },
  /** Project cards: one column on phones, two from md. */
  card: { sizes: "(min-width: 768px) 46vw, calc(100vw - 2.5rem)", aspectRatio: 4 / 3 },
  /** A full-width media module. */
  mediaFull: { sizes: "(min-width: 768px) 95vw, calc(100vw - 2.5rem)" },
  /**
   * A full-width media module kept readable on phones: at least 48rem wide (it scrolls
   * sideways below 810 px, styles/content.css), the full width above.
   */
  mediaReadable: { sizes: "(min-width: 810px) 95vw, 48rem" },
  /** A half-width media module: full width on phones, half from md. */
  mediaHalf: { sizes: "(min-width: 768px) 47vw, calc(100vw - 2.5rem)" },
  /** A gallery slide: most of a phone's width, less as the screen grows. */
  gallery: {
    sizes: "(min-width: 1024px) 31vw, (min-width: 768px) 45vw, calc(80vw - 2rem)",
    aspectRatio: 4 / 3,
  },
  /** The lightbox shows the whole, uncropped image. */
  lightbox: { sizes: "100vw" },
  /** Images inside rich text, which is at most 68 characters wide. */
  richText: { sizes: "(min-width: 800px) 720px, calc(100vw - 2.5rem)" },
} satisfies Record<string, ImageLayout>;

/**
 * A gallery slide's layout for a row of `count` slides: a row that fits grows its slides to
 * the full width (styles/gallery.css), so one or two slides on a wide screen are larger.
 */
export function galleryLayout(count: number): ImageLayout {
  if (count > 2) return LAYOUTS.gallery;
  const wide = count === 1 ? "95vw" : "47vw";
  return {
    ...LAYOUTS.gallery,
    sizes: `(min-width: 768px) ${wide}, ${count === 1 ? "calc(100vw - 2.5rem)" : "calc(80vw - 2rem)"}`,
  };
}

/** The share card's image (og:image, seo.ts): the size social networks crop to. */
export const SHARE_IMAGE = { width: 1200, height: 630 };
/** The JSON-LD image (structured-data.server.ts): the picture whole, at the same width. */
export const JSON_LD_IMAGE = { width: 1200 };
