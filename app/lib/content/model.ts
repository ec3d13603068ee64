import type { PortableTextBlock } from "@portabletext/react";

/** The shapes the queries in queries.ts return (SPEC §3, CONTENT-MODEL.md). */

export type ImageCrop = { top: number; bottom: number; left: number; right: number };
export type ImageHotspot = { x: number; y: number; width: number; height: number };

export type SanityImage = {
  alt?: string | null;
  crop?: ImageCrop | null;
  hotspot?: ImageHotspot | null;
  asset?: { _ref?: string; _type?: string } | null;
  dimensions?: { width: number; height: number } | null;
  lqip?: string | null;
};

export type MainImage = { _key: string; _type: "mainImage"; image?: SanityImage | null };
export type MainVideo = {
  _key: string;
  _type: "mainVideo";
  isVideoPlayer?: boolean | null;
  thumbnailTime?: number | null;
  playbackId?: string | null;
  aspectRatio?: string | null;
  mp4Supported?: boolean | null;
};
export type MediaItem = MainImage | MainVideo;

export type LinkValue = {
  _key?: string;
  _type?: "link";
  type?: "internalLink" | "externalLink" | null;
  href?: string | null;
  page?: string | null;
  slug?: string | null;
};

export type RichText = PortableTextBlock[];

export type Seo = {
  notIndexed?: boolean | null;
  metaDescription?: string | null;
  ogImage?: SanityImage | null;
};

export type PageFields = {
  _id: string;
  _type: string;
  title: string;
  hidden: boolean;
  seo?: Seo | null;
};

export type ProjectCard = {
  _id: string;
  title: string;
  slug: string;
  client?: string | null;
  year?: number | null;
  thumbnail?: MediaItem | null;
};

type ModuleBase = { _key: string; inverted: boolean };
export type TextModule = ModuleBase & {
  _type: "textModule";
  heading?: string | null;
  body?: RichText | null;
};
export type MediaModule = ModuleBase & {
  _type: "mediaModule";
  size?: "full" | "half" | null;
  caption?: string | null;
  media?: MediaItem | null;
};
export type GalleryModule = ModuleBase & {
  _type: "galleryModule";
  heading?: string | null;
  items?: MediaItem[] | null;
};
export type ProjectsModule = ModuleBase & {
  _type: "projectsModule";
  heading?: string | null;
  projects?: ProjectCard[] | null;
};
export type PageModule = TextModule | MediaModule | GalleryModule | ProjectsModule;

export type General = {
  siteTitle?: string | null;
  metaDescription?: string | null;
  favicon?: string | null;
  ogImage?: SanityImage | null;
  address?: RichText | null;
  copyright?: string | null;
  officePlaylistUrl?: string | null;
  siteUrl?: string | null;
};

export type Homepage = PageFields & {
  hero?: MediaItem | null;
  intro?: RichText | null;
  modules?: PageModule[] | null;
};
export type WorkPage = PageFields & { intro?: RichText | null; projects?: ProjectCard[] | null };
export type Project = PageFields & {
  slug: string;
  client?: string | null;
  year?: number | null;
  services?: string[] | null;
  excerpt?: string | null;
  hero?: MediaItem | null;
  modules?: PageModule[] | null;
};
export type ProjectResult = { project: Project | null; siblings: ProjectCard[] | null };
export type CulturePage = PageFields & { hero?: MediaItem | null; modules?: PageModule[] | null };
export type LegalPage = PageFields & { body?: RichText | null };
