/**
 * The Studio's settings, read at build time from SANITY_STUDIO_* variables
 * (README.md, "Environment"). Vite inlines them; nothing here is secret.
 */
// A placeholder keeps offline tools (schema extract, dataset validation) working unconfigured;
// `npm run studio:build` refuses to build a Studio without a real one.
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || "not-configured";
export const dataset = process.env.SANITY_STUDIO_DATASET || "production";
export const title = process.env.SANITY_STUDIO_TITLE || "Studio";
/**
 * Where Presentation finds the site. Empty: the Studio's own origin, which is
 * right when the site serves the Studio at /studio.
 */
export const previewOrigin = process.env.SANITY_STUDIO_PREVIEW_ORIGIN || undefined;
/** Where the Studio lives: /studio inside the site; `/` for a hosted Studio (sanity deploy). */
export const basePath = process.env.SANITY_STUDIO_BASEPATH || "/studio";
