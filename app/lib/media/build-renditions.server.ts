// What the build's renditions plugin (vite/renditions.ts) loads from the app, in one module.
export { loadDataset } from "~/lib/content/dataset.server";
export { DEFAULT_CACHE_DIR, describeReport, makeRenditions } from "./make-renditions.server";
export { renditionSet } from "./rendition-set.server";
