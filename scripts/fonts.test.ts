import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layoutFeatures, woff2Tables } from "../tests/support/woff2";

// scripts/fonts.mjs keeps only the OpenType features the pages use. A rule that asks for
// one it cut would silently do nothing (the stylesheet once asked for ss01 and cv11,
// which the font never had): every feature the stylesheets ask for must be in every face.
const root = path.resolve(__dirname, "..");
const fontDir = path.join(root, "styles/fonts");
const faces = readdirSync(fontDir).filter((file) => file.endsWith(".woff2"));

/** `font-variant-*` values and the features they turn on (CSS Fonts 4). */
const VARIANTS: Record<string, string[]> = {
  "tabular-nums": ["tnum"],
  "proportional-nums": ["pnum"],
  "lining-nums": ["lnum"],
  "oldstyle-nums": ["onum"],
  "diagonal-fractions": ["frac"],
  "stacked-fractions": ["afrc"],
  "slashed-zero": ["zero"],
  ordinal: ["ordn"],
  "small-caps": ["smcp"],
  "all-small-caps": ["smcp", "c2sc"],
  "discretionary-ligatures": ["dlig"],
  "historical-ligatures": ["hlig"],
};

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith(".css") ? [file] : [];
  });
}

function featuresAskedFor(css: string): string[] {
  const asked: string[] = [];
  for (const [, value] of css.matchAll(/font-feature-settings:\s*([^;}]+)/g)) {
    for (const [, tag] of value!.matchAll(/["']([a-z0-9]{4})["']/g)) asked.push(tag!);
  }
  for (const [, value] of css.matchAll(/font-variant(?:-numeric|-caps|-ligatures)?:\s*([^;}]+)/g)) {
    for (const word of value!.trim().split(/\s+/)) {
      if (word === "normal" || word === "none") continue;
      const features = VARIANTS[word];
      if (!features) throw new Error(`font-variant value "${word}": add its features to VARIANTS`);
      asked.push(...features);
    }
  }
  return asked;
}

// What every browser applies to Latin, Greek and Cyrillic text by itself. Written out here,
// not imported from scripts/fonts.mjs, so that a feature missing from its list fails this test.
const DEFAULTS = ["ccmp", "locl", "rvrn", "calt", "liga", "clig", "rlig", "kern", "mark", "mkmk"];
const asked = stylesheets(path.join(root, "styles")).flatMap((file) =>
  featuresAskedFor(readFileSync(file, "utf8")),
);
const featuresOf = (file: string) => {
  const tables = woff2Tables(readFileSync(file));
  return new Set([...layoutFeatures(tables.get("GSUB")), ...layoutFeatures(tables.get("GPOS"))]);
};
const original = (face: string) =>
  path.join(root, "node_modules/@fontsource-variable/inter-tight/files", face);

describe("the committed Inter Tight files", () => {
  it("keep tabular figures, which the stylesheets ask for, in the preloaded Latin face", () => {
    expect(asked).toContain("tnum");
    const latin = featuresOf(path.join(fontDir, "inter-tight-latin-wght-normal.woff2"));
    for (const tag of ["tnum", "kern", "calt"]) expect(latin).toContain(tag);
  });

  it.each(faces)("%s keeps every feature of Fontsource's file that the pages use", (face) => {
    const before = featuresOf(original(face));
    const after = featuresOf(path.join(fontDir, face));
    const used = [...new Set([...DEFAULTS, ...asked])].filter((tag) => before.has(tag));
    expect(used.length, face).toBeGreaterThan(0);
    for (const tag of used) expect(after, `${face}: ${tag}`).toContain(tag);
  });
});
