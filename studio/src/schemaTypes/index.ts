import { project } from "./documents/project";
import { redirect } from "./documents/redirect";
import {
  galleryModule,
  mediaModule,
  modules,
  peopleModule,
  projectsModule,
  textModule,
} from "./modules/modules";
import { link, redirectDestination } from "./objects/link";
import { mainImage, mainVideo, mediaGallery, mediaItem } from "./objects/media";
import { person } from "./objects/person";
import { richText } from "./objects/richText";
import { seo } from "./objects/seo";
import { general } from "./singletons/general";
import { culturePage, homepage, legalPage, workPage } from "./singletons/pages";

/** The content model (docs/content-model.md). `mux.video` and `mux.videoAsset` come from the Mux plugin. */
export const schemaTypes = [
  // Singletons
  general,
  homepage,
  workPage,
  culturePage,
  legalPage,
  // Documents
  project,
  redirect,
  // Objects
  seo,
  link,
  redirectDestination,
  mainImage,
  mainVideo,
  mediaItem,
  mediaGallery,
  person,
  richText,
  // Modules
  textModule,
  mediaModule,
  galleryModule,
  peopleModule,
  projectsModule,
  modules,
];
