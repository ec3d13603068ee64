import type { LoadedDataset } from "~/lib/content/dataset.server";
import type { SanityImage } from "~/lib/content/model";
import { faviconUrl, imageUrl, LOCAL_MEDIA_CONFIG } from "./config";
import { imageSources } from "./image";
import { parseAssetRef } from "./image-url";
import { galleryLayout, JSON_LD_IMAGE, LAYOUTS, personLayout, SHARE_IMAGE } from "./layouts";
import type { ImageLayout } from "./preload";
import { parseRenditionPath, type Rendition } from "./renditions";
import { videoSources } from "./video";

/** One static file of the set: made from `file` (`rendition`), or `file` itself without one. */
export type SetMember = { file: string; rendition?: Rendition };

/**
 * Every ratio a poster is cut to on the site, from the layouts themselves (layouts.ts): a new
 * slot with a new ratio joins the set without a change here.
 */
function siteRatios(): (number | undefined)[] {
  const layouts: ImageLayout[] = [
    ...Object.values(LAYOUTS),
    ...[1, 2, 3].map(galleryLayout),
    ...[1, 2, 3, 4, 5].map(personLayout),
  ];
  const ratios = new Set<number>();
  for (const layout of layouts) {
    if (layout.aspectRatio) ratios.add(layout.aspectRatio);
    if (layout.art) ratios.add(layout.art.aspectRatio);
  }
  return [undefined, ...ratios];
}

/**
 * The slots an image can fill, from where it sits in its document (the fields the page queries
 * project, app/lib/content/queries.ts), and the ratios (layouts.ts) and fixed sizes each asks for.
 */
type Slots = { ratios: (number | undefined)[]; share: boolean; favicon: boolean };

function slotsAt(keys: string[]): Slots {
  const has = (key: string) => keys.includes(key);
  if (has("favicon")) return { ratios: [], share: false, favicon: true };
  // The share image (seo.ts) and the JSON-LD image (structured-data.server.ts).
  if (has("ogImage")) return { ratios: [], share: true, favicon: false };
  // A person's portrait (People.tsx).
  if (has("people")) return { ratios: [personLayout(3).aspectRatio], share: false, favicon: false };
  // A project's card (ProjectCard.tsx).
  if (has("thumbnail")) return { ratios: [LAYOUTS.card.aspectRatio], share: false, favicon: false };
  // A gallery's slide, and the lightbox's uncropped image (Gallery.tsx, Lightbox.tsx).
  if (has("items")) {
    return { ratios: [LAYOUTS.gallery.aspectRatio, undefined], share: false, favicon: false };
  }
  // A page's hero and the JSON-LD image; the home page's hero also its cut for portrait screens.
  if (has("hero")) {
    const ratios = has(HOME_PAGE) ? [undefined, LAYOUTS.homeHero.art.aspectRatio] : [undefined];
    return { ratios, share: true, favicon: false };
  }
  // A media module, rich text.
  return { ratios: [undefined], share: false, favicon: false };
}

/** The mark of the home page's document among the keys: its hero is art-directed (layouts.ts). */
const HOME_PAGE = "type:homepage";

type Found = { image: SanityImage; slots: Slots };

/** Every image object in the documents (any `asset._ref` to an image), with its crop and hotspot. */
function findImages(value: unknown, into: Found[], keys: string[] = []) {
  if (Array.isArray(value)) {
    for (const item of value) findImages(item, into, keys);
    return;
  }
  if (!value || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  const ref = (record.asset as { _ref?: unknown } | undefined)?._ref;
  if (typeof ref === "string" && ref.startsWith("image-")) {
    into.push({ image: record as SanityImage, slots: slotsAt(keys) });
  }
  for (const [name, child] of Object.entries(record)) findImages(child, into, [...keys, name]);
}

function srcSetUrls(srcSet: string | undefined) {
  return (srcSet ?? "").split(", ").flatMap((candidate) => candidate.split(" ")[0] || []);
}

/**
 * The set of static files the bundled dataset's pages can ask for: each image the documents
 * reference (published and drafts, for preview), with its crop and hotspot, through the same
 * functions the components call (`imageSources`, `imageUrl`, `videoSources`, `faviconUrl`), at
 * every ratio of the site's layouts; the share image and the JSON-LD image; each video's posters;
 * the favicon and its asset's own file. Keyed by URL path. The slot comes from the field the image
 * sits in (`slotsAt`); static-media.test.ts fetches every file the pages name and fails on any
 * missing one (docs/decisions/054-image-renditions.md).
 */
export function renditionSet(dataset: LoadedDataset): Map<string, SetMember> {
  const set = new Map<string, SetMember>();
  const bySha1 = new Map<string, string>();
  for (const asset of dataset.images.values()) bySha1.set(parseAssetRef(asset.id).id, asset.file);
  const add = (url: string | undefined) => {
    if (!url) return;
    const rendition = parseRenditionPath(url);
    const file =
      rendition?.kind === "image"
        ? bySha1.get(rendition.sha1)
        : rendition?.kind === "poster"
          ? dataset.videos.get(rendition.playbackId)?.poster
          : undefined;
    if (rendition && file) set.set(url, { file, rendition });
  };

  const found: Found[] = [];
  for (const document of [...dataset.published, ...dataset.previewed]) {
    findImages(document, found, [`type:${(document as { _type?: string })._type}`]);
  }
  for (const { image: raw, slots } of found) {
    const asset = dataset.images.get(raw.asset!._ref!);
    if (!asset) continue;
    const { width, height } = parseAssetRef(asset.id);
    const image = { ...raw, dimensions: { width, height } } as SanityImage;
    for (const aspectRatio of slots.ratios) {
      srcSetUrls(imageSources(LOCAL_MEDIA_CONFIG, image, { aspectRatio })?.srcSet).forEach(add);
    }
    if (slots.share) {
      add(imageUrl(LOCAL_MEDIA_CONFIG, image, SHARE_IMAGE));
      add(imageUrl(LOCAL_MEDIA_CONFIG, image, JSON_LD_IMAGE));
    }
    if (slots.favicon) {
      // The favicon's cut, and the file itself: the JSON-LD logo names the asset's own URL.
      const own = imageUrl(LOCAL_MEDIA_CONFIG, { asset: raw.asset });
      add(own && faviconUrl(own));
      if (own) set.set(own, { file: asset.file });
    }
  }
  // Posters: every ratio, whatever the slot (a few videos, small frames).
  const ratios = siteRatios();
  for (const video of dataset.videos.values()) {
    for (const crop of ratios) {
      const sources = videoSources(LOCAL_MEDIA_CONFIG, { playbackId: video.playbackId }, crop);
      srcSetUrls(sources?.posterSrcSet).forEach(add);
    }
  }
  return set;
}
