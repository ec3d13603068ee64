import { describe, expect, it } from "vitest";
import type { RichText } from "~/lib/content/model";
import { italicPreload } from "./fonts";

const paragraph = (...marks: string[][]): RichText[number] => ({
  _type: "block",
  _key: "b",
  style: "normal",
  markDefs: [],
  children: marks.map((mark, index) => ({
    _type: "span",
    _key: `s${index}`,
    text: "words",
    marks: mark,
  })),
});

describe("italicPreload", () => {
  it("preloads the Latin italic when the text sets a word in italic", () => {
    const [link] = italicPreload([paragraph([], ["em"])]);
    expect(link).toMatchObject({ tagName: "link", rel: "preload", as: "font", type: "font/woff2" });
    expect(String((link as { href: string }).href)).toMatch(/inter-tight-latin-wght-italic/);
  });

  it("preloads nothing for text without italic, or no text", () => {
    expect(italicPreload([paragraph([], ["strong"])])).toEqual([]);
    expect(italicPreload([])).toEqual([]);
    expect(italicPreload(null)).toEqual([]);
  });
});
