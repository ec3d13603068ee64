import { describe, expect, it } from "vitest";
import { LOCAL_MEDIA_CONFIG, type MediaConfig } from "./config";
import { videoAspectRatio, videoSources } from "./video";

const MUX: MediaConfig = {
  projectId: "p",
  dataset: "d",
  imageBaseUrl: "https://cdn.sanity.io",
  video: "mux",
};

describe("videoSources", () => {
  it("plays Mux's mp4 rendition when the asset has one, with HLS beside it", () => {
    expect(
      videoSources(MUX, { playbackId: "abc123", mp4Rendition: "highest.mp4", thumbnailTime: 2.5 }),
    ).toMatchObject({
      mp4: "https://stream.mux.com/abc123/highest.mp4",
      hls: "https://stream.mux.com/abc123.m3u8",
      poster: "https://image.mux.com/abc123/thumbnail.jpg?time=2.5",
    });
  });

  it("streams HLS only when there is no mp4, poster from frame 0 by default", () => {
    expect(videoSources(MUX, { playbackId: "abc123", mp4Rendition: null })).toMatchObject({
      mp4: undefined,
      hls: "https://stream.mux.com/abc123.m3u8",
      poster: "https://image.mux.com/abc123/thumbnail.jpg?time=0",
    });
  });

  it("plays the bundled dataset's local files", () => {
    const local = videoSources(LOCAL_MEDIA_CONFIG, { playbackId: "abc123", mp4Rendition: null });
    expect(local).toMatchObject({
      mp4: "/media/videos/abc123.mp4",
      poster: "/media/videos/abc123.jpg",
    });
    expect(local!.hls).toBeUndefined();
  });

  it("offers the poster at several widths in WebP, on Mux and locally", () => {
    const mux = videoSources(MUX, { playbackId: "abc123", thumbnailTime: 3 })!.posterSrcSet;
    expect(mux.split(", ")[0]).toBe(
      "https://image.mux.com/abc123/thumbnail.webp?time=3&width=320 320w",
    );
    expect(mux).toMatch(/&width=1920 1920w$/);
    const local = videoSources(LOCAL_MEDIA_CONFIG, { playbackId: "abc123" })!.posterSrcSet;
    expect(local.split(", ")[0]).toBe("/media/videos/abc123/320.webp 320w");
  });

  it("cuts the poster srcset to the box the video is cropped to", () => {
    const mux = videoSources(MUX, { playbackId: "abc123" }, 4 / 3)!.posterSrcSet;
    expect(mux.split(", ")[0]).toBe(
      "https://image.mux.com/abc123/thumbnail.webp?time=0&width=320&height=240&fit_mode=crop 320w",
    );
    const local = videoSources(LOCAL_MEDIA_CONFIG, { playbackId: "abc123" }, 4 / 5)!;
    expect(local.posterSrcSet.split(", ")[0]).toBe("/media/videos/abc123/320x400.webp 320w");
    // The fallback src stays the whole frame.
    expect(local.poster).toBe("/media/videos/abc123.jpg");
  });

  it("refuses a missing or hostile playback id", () => {
    expect(videoSources(MUX, { playbackId: null })).toBeUndefined();
    expect(videoSources(MUX, { playbackId: "../../etc/passwd" })).toBeUndefined();
    expect(videoSources(LOCAL_MEDIA_CONFIG, { playbackId: "a?b" })).toBeUndefined();
  });
});

describe("videoAspectRatio", () => {
  it.each([
    ["16:9", 16 / 9],
    ["4:5", 4 / 5],
    ["1:1", 1],
    [null, 16 / 9],
    ["wide", 16 / 9],
    ["0:9", 16 / 9],
  ])("%s → %d", (input, expected) => {
    expect(videoAspectRatio(input)).toBeCloseTo(expected);
  });
});
