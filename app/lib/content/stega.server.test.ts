import { describe, expect, it } from "vitest";
import { encodeForEditing } from "./stega.server";

const filterDefault = () => true;
const encodes = (sourcePath: (string | number)[], value = "Harbour lights") =>
  encodeForEditing({
    sourcePath,
    resultPath: sourcePath,
    sourceDocument: { _id: "project-a", _type: "project" },
    value,
    filterDefault,
  });

describe("which previewed strings carry stega edit links", () => {
  it("encodes text a visitor reads", () => {
    expect(encodes(["title"])).toBe(true);
    expect(encodes(["modules", { _key: "a" } as never, "heading"])).toBe(true);
    expect(encodes(["body", 0, "children", 1, "text"])).toBe(true);
    expect(encodes(["services", 2])).toBe(true);
  });

  it("never encodes values used for logic, markup or links", () => {
    for (const path of [
      ["slug", "current"],
      ["modules", 0, "size"],
      ["body", 0, "style"],
      ["body", 0, "markDefs", 0, "type"],
      ["body", 0, "markDefs", 0, "href"],
      ["hero", 0, "image", "alt"],
      ["data", "aspect_ratio"],
      ["siteTitle"],
      ["seo", "metaDescription"],
    ]) {
      expect(encodes(path), path.join(".")).toBe(false);
    }
  });

  it("leaves Sanity's default filter the last word (URLs, dates, seo)", () => {
    expect(
      encodeForEditing({
        sourcePath: ["title"],
        resultPath: ["title"],
        sourceDocument: { _id: "a", _type: "project" },
        value: "x",
        filterDefault: () => false,
      }),
    ).toBe(false);
  });
});
