import type { ImageLayout } from "./preload";

/**
 * The `sizes` (and crops) of every image slot on the site, in one place, so a
 * route's preload and the image it preloads always ask for the same file.
 * Widths follow the CSS: pages and modules keep a gutter of 1.25rem on phones
 * and about 2.6vw above (styles/shell/base.css `--gutter`); grids split at md
 * (768px) and lg (1024px).
 */
export const LAYOUTS = {
  /** Full-bleed page heroes. */
  hero: { sizes: "100vw" },
  /**
   * The home hero fills the first screen: 4:5 on phones and every other
   * portrait screen (`min(100svh - header, 125vw)` tall, styles/shell/pages.css),
   * wider than 16:9 on landscape ones. Portrait screens get a file cut to 4:5
   * round the hotspot, landscape ones the whole image (docs/decisions-media.md).
   */
  homeHero: { sizes: "100vw", art: { media: "(orientation: portrait)", aspectRatio: 4 / 5 } },
  /** Project cards: one column on phones, two from md. */
  card: { sizes: "(min-width: 768px) 46vw, calc(100vw - 2.5rem)", aspectRatio: 4 / 3 },
  /** A full-width media module. */
  mediaFull: { sizes: "(min-width: 768px) 95vw, calc(100vw - 2.5rem)" },
  /** A half-width media module: full width on phones, half from md. */
  mediaHalf: { sizes: "(min-width: 768px) 47vw, calc(100vw - 2.5rem)" },
  /** A gallery slide: most of a phone's width, less as the screen grows. */
  gallery: {
    sizes: "(min-width: 1024px) 31vw, (min-width: 768px) 45vw, calc(80vw - 2rem)",
    aspectRatio: 4 / 3,
  },
  /**
   * A portrait in a people module: 4:5, two or three to a phone's row, three or four to a
   * wide screen's (styles/people.css).
   */
  person: { sizes: "(min-width: 768px) 31vw, calc(50vw - 2rem)", aspectRatio: 4 / 5 },
  /** The lightbox shows the whole, uncropped image. */
  lightbox: { sizes: "100vw" },
  /** Images inside rich text, which is at most 68 characters wide. */
  richText: { sizes: "(min-width: 800px) 720px, calc(100vw - 2.5rem)" },
} satisfies Record<string, ImageLayout>;
