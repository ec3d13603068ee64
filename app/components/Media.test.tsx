import { describe, expect, it } from "vitest";
import type { MediaItem } from "~/lib/content/model";
import { renderWithSite } from "../../tests/support/render";
import { Media } from "./Media";

// Made-up items of each kind: what matters is which component draws them, with the layout given.
const image = {
  _type: "mainImage",
  _key: "i",
  image: {
    _type: "image",
    alt: "A picture",
    asset: { _type: "reference", _ref: "image-abcdef-1200x800-jpg" },
    dimensions: { width: 1200, height: 800 },
  },
} as unknown as MediaItem;
const video = {
  _type: "mainVideo",
  _key: "v",
  playbackId: "abc123",
  isVideoPlayer: true,
  aspectRatio: "16:9",
} as unknown as MediaItem;

const render = (item: MediaItem | null, extra: { decorative?: boolean; preview?: boolean } = {}) =>
  renderWithSite(<Media item={item} sizes="50vw" className="slot" {...extra} />);

describe("a media item", () => {
  it("is an image, with the slot's sizes and class, and its alt text unless decorative", async () => {
    const html = await render(image);
    expect(html).toMatch(/<img[^>]*alt="A picture"/);
    expect(html).toMatch(/sizes="50vw"/);
    expect(html).toMatch(/class="[^"]*slot/);
    expect(await render(image, { decorative: true })).toMatch(/<img[^>]*alt=""/);
  });

  it("is a video, with the slot's sizes and class for its poster", async () => {
    const html = await render(video);
    expect(html).toMatch(/class="[^"]*slot/);
    expect(html).toMatch(/sizes="50vw"/);
    expect(html).toContain("/media/videos/abc123.jpg");
    expect(html).not.toContain('alt="A picture"');
  });

  it("is nothing when the editor chose nothing", async () => {
    expect(await render(null)).toBe("");
  });
});
