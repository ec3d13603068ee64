import { describe, expect, it } from "vitest";
import type { MainImage, MainVideo } from "~/lib/content/model";
import { TEST_SITE } from "../../../tests/support/render";
import { imageSources } from "./image";
import { LAYOUTS } from "./layouts";
import { preloadMedia } from "./preload";

const picture: MainImage = {
  _key: "a",
  _type: "mainImage",
  image: {
    alt: "x",
    asset: { _type: "reference", _ref: "image-abc-2000x1200-jpg" },
    dimensions: { width: 2000, height: 1200 },
    crop: null,
    hotspot: { _type: "sanity.imageHotspot", x: 0.3, y: 0.3, width: 0.1, height: 0.1 },
    lqip: null,
  },
};

const video: MainVideo = {
  _key: "v",
  _type: "mainVideo",
  playbackId: "Zz9",
  isVideoPlayer: false,
  description: null,
  thumbnailTime: null,
  aspectRatio: null,
  mp4Rendition: null,
};

describe("preloadMedia", () => {
  it("preloads exactly the srcset and sizes the image component renders", () => {
    const [link] = preloadMedia(TEST_SITE, picture, LAYOUTS.card);
    const rendered = imageSources(TEST_SITE.media, picture.image, LAYOUTS.card)!;
    expect(link).toEqual({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: rendered.src,
      imageSrcSet: rendered.srcSet,
      imageSizes: LAYOUTS.card.sizes,
      fetchPriority: "high",
    });
    // The card's cut: a rect of the source, named in the path (renditions.ts).
    expect(rendered.srcSet).toMatch(/\/\d+,\d+,\d+,\d+\/\d+x\d+\.webp /);
  });

  it("preloads a video's responsive poster, for background videos and players alike", () => {
    const [background] = preloadMedia(TEST_SITE, video, LAYOUTS.hero);
    expect(background).toMatchObject({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: "/media/videos/Zz9.jpg",
      imageSizes: "100vw",
      fetchPriority: "high",
    });
    expect((background as { imageSrcSet: string }).imageSrcSet).toContain(
      "/media/videos/Zz9/320.webp 320w",
    );
    const [player] = preloadMedia(TEST_SITE, { ...video, isVideoPlayer: true }, LAYOUTS.hero);
    expect(player).toEqual(background);
  });

  it("with art direction, preloads one source per media query, each the one the picture picks there", () => {
    const art = LAYOUTS.homeHero.art;
    const [portrait, landscape] = preloadMedia(TEST_SITE, picture, LAYOUTS.homeHero);
    const cut = imageSources(TEST_SITE.media, picture.image, { aspectRatio: art.aspectRatio })!;
    const whole = imageSources(TEST_SITE.media, picture.image)!;
    expect(portrait).toMatchObject({
      media: art.media,
      imageSrcSet: cut.srcSet,
      imageSizes: "100vw",
    });
    expect(landscape).toMatchObject({
      media: `not all and ${art.media}`,
      imageSrcSet: whole.srcSet,
    });
    // Cut to 4:5 round the hotspot (x 0.3 of 2000 px: centred on 600, so 120…1080), at every width.
    for (const entry of cut.srcSet.split(", ")) {
      // `<rect>/<w>x<h>.webp` (renditions.ts).
      const [, rect, w, h] = /\/([\d,]+)\/(\d+)x(\d+)\.webp$/.exec(entry.split(" ")[0]!) ?? [];
      expect(Number(w) / Number(h)).toBeCloseTo(0.8, 2);
      expect(rect).toBe("120,0,960,1200");
    }
    const [videoPortrait, videoLandscape] = preloadMedia(TEST_SITE, video, LAYOUTS.homeHero);
    expect((videoPortrait as { imageSrcSet: string }).imageSrcSet).toContain(
      "/media/videos/Zz9/400x500.webp 400w",
    );
    expect((videoLandscape as { imageSrcSet: string }).imageSrcSet).toContain(
      "/media/videos/Zz9/400.webp 400w",
    );
  });

  it("preloads nothing without media or site", () => {
    expect(preloadMedia(TEST_SITE, null, LAYOUTS.hero)).toEqual([]);
    expect(preloadMedia(undefined, picture, LAYOUTS.hero)).toEqual([]);
  });
});
