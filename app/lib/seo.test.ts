import { describe, expect, it } from "vitest";
import type { General, PageFields } from "~/lib/content/model";
import { LOCAL_MEDIA_CONFIG } from "~/lib/media/config";
import { pageMeta, type SiteContext } from "~/lib/seo";

const ogImage = (extra: Record<string, unknown> = {}) => ({
  asset: {
    _type: "reference",
    _ref: "image-0123456789abcdef0123456789abcdef01234567-2400x1260-jpg",
  },
  crop: null,
  hotspot: null,
  dimensions: { width: 2400, height: 1260 },
  alt: "The studio's front door",
  decorative: false,
  ...extra,
});
const general = {
  siteTitle: "Studio",
  metaDescription: "We make things.",
  favicon: null,
  siteUrl: "https://studio.example/",
  ogImage: ogImage(),
  copyright: null,
  officePlaylistUrl: null,
  address: null,
} as unknown as General;
const site: SiteContext = {
  general,
  media: LOCAL_MEDIA_CONFIG,
  // The origin a request named: never written into the head when the site URL is set.
  origin: "http://evil.example:4310",
  preview: false,
};
const page = (seo: PageFields["seo"] = null): PageFields => ({
  _id: "culturePage",
  _type: "culturePage",
  title: "Culture",
  hidden: false,
  seo,
});

/** The content of the meta tag with this property or name. */
function property(meta: ReturnType<typeof pageMeta>, name: string) {
  const tag = meta.find(
    (entry) =>
      ("property" in entry && entry.property === name) || ("name" in entry && entry.name === name),
  );
  return tag && "content" in tag ? tag.content : undefined;
}

describe("page meta", () => {
  it("builds og:image, og:url and the canonical link on the site URL, not the request's host", () => {
    const meta = pageMeta(page(), site, "/culture");
    expect(property(meta, "og:image")).toMatch(/^https:\/\/studio\.example\/media\/images\//);
    expect(property(meta, "og:url")).toBe("https://studio.example/culture");
    expect(JSON.stringify(meta)).not.toContain("evil.example");
  });

  it("falls back to the request's origin only when no site URL is set", () => {
    const meta = pageMeta(page(), { ...site, general: { ...general, siteUrl: null } }, "/culture");
    expect(property(meta, "og:image")).toMatch(/^http:\/\/evil\.example:4310\/media\/images\//);
  });

  it("describes the sharing image with its alt text", () => {
    const meta = pageMeta(page(), site, "/culture");
    expect(property(meta, "og:image:alt")).toBe("The studio's front door");
    expect(property(meta, "twitter:image:alt")).toBe("The studio's front door");
  });

  it("describes a decorative or undescribed sharing image with the page title", () => {
    for (const image of [ogImage({ decorative: true }), ogImage({ alt: "  " })]) {
      const meta = pageMeta(
        page({ notIndexed: false, metaDescription: null, ogImage: image } as PageFields["seo"]),
        site,
        "/culture",
      );
      expect(property(meta, "og:image:alt")).toBe("Culture • Studio");
    }
  });

  it("has no image alt without an image", () => {
    const meta = pageMeta(page(), { ...site, general: { ...general, ogImage: null } }, "/culture");
    expect(property(meta, "og:image")).toBeUndefined();
    expect(property(meta, "og:image:alt")).toBeUndefined();
  });
});
