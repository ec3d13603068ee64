import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromFile } from "@capsizecss/unpack/fs";
import { FALLBACK_CSS, fallbackCss, FONT_FILE } from "./font-fallback.mjs";

describe("the fallback face", () => {
  it("is what the committed font file's metrics give (run scripts/font-fallback.mjs after a font update)", async () => {
    expect(readFileSync(FALLBACK_CSS, "utf8")).toBe(await fallbackCss());
  });

  it("scales Arial to Inter Tight: a wider face, the same line box", async () => {
    const css = await fallbackCss();
    const percent = (name) => Number(new RegExp(`${name}: ([\\d.]+)%`).exec(css)?.[1]);
    // Inter Tight's text is narrower than Arial's at the same size…
    expect(percent("size-adjust")).toBeGreaterThan(90);
    expect(percent("size-adjust")).toBeLessThan(100);
    // …and its line box (ascent + descent, no line gap) is the one the font file gives.
    const font = await fromFile(FONT_FILE);
    const lineBox =
      ((percent("ascent-override") + percent("descent-override")) * percent("size-adjust")) / 1e4;
    expect(lineBox).toBeCloseTo((font.ascent - font.descent + font.lineGap) / font.unitsPerEm, 3);
  });
});
