import latin from "../../styles/fonts/inter-tight-latin-wght-normal.woff2?url";

/**
 * The site's one typeface, Inter Tight (variable, self-hosted woff2 made from
 * @fontsource-variable by scripts/fonts.mjs; the faces are in
 * styles/fonts/inter-tight.css). Only the
 * Latin upright file is preloaded: it is what every page's first paint needs.
 * Vite emits one hashed file for it, so the preload and the CSS share a URL.
 */
export const FONT_PRELOADS = [latin];
