import { describe, expect, it } from "vitest";
import type { PageModule } from "~/lib/content/model";
import { hasContent, moduleRows } from "./module-rows";

let key = 0;
const half = (caption?: string, inverted?: boolean) =>
  ({ _key: `m${key++}`, _type: "mediaModule", size: "half", caption, inverted }) as PageModule;
const full = () => ({ _key: `m${key++}`, _type: "mediaModule", size: "full" }) as PageModule;
const text = () => ({ _key: `m${key++}`, _type: "textModule", heading: "A" }) as PageModule;

const kinds = (modules: PageModule[]) =>
  moduleRows(modules).map((row) => (row.kind === "pair" ? "pair" : (row.media ?? row.kind)));

describe("moduleRows", () => {
  it("pairs two half-width media modules in a row", () => {
    expect(kinds([text(), half(), half("b"), text()])).toEqual(["single", "pair", "single"]);
  });

  it("pairs two by two, so a third half stands on its own", () => {
    expect(kinds([half("a"), half("b"), half("c")])).toEqual(["pair", "aside"]);
  });

  it("puts a lone half's caption beside it, and shows a lone half without one full width", () => {
    expect(kinds([text(), half("caption"), text(), half(), full()])).toEqual([
      "single",
      "aside",
      "single",
      "full",
      "single",
    ]);
    expect(kinds([half("   ")])).toEqual(["full"]);
  });

  it("does not pair an inverted half with one that is not", () => {
    expect(kinds([half("a", true), half("b")])).toEqual(["aside", "aside"]);
  });

  it("keeps every module, in order", () => {
    const modules = [half("a"), text(), half(), half(), full()];
    const flat = moduleRows(modules).flatMap((row) =>
      row.kind === "pair" ? row.modules : [row.module],
    );
    expect(flat).toEqual(modules);
  });
});

describe("hasContent", () => {
  const module = (fields: Record<string, unknown>) => ({ _key: "k", ...fields }) as PageModule;

  it("leaves out a section with nothing to show, heading and all", () => {
    for (const empty of [
      module({ _type: "galleryModule", heading: "Process", items: [] }),
      module({ _type: "galleryModule", heading: "Process" }),
      module({ _type: "peopleModule", heading: "Team", people: [] }),
      module({ _type: "projectsModule", heading: "More work", projects: [] }),
      module({ _type: "mediaModule", size: "full" }),
      module({ _type: "textModule", heading: " ", body: [] }),
    ])
      expect(hasContent(empty), empty._type).toBe(false);
  });

  it("keeps one with something in it", () => {
    expect(hasContent(module({ _type: "textModule", heading: "About" }))).toBe(true);
    expect(hasContent(module({ _type: "peopleModule", people: [{ _key: "p" }] }))).toBe(true);
    expect(hasContent(module({ _type: "galleryModule", items: [{ _key: "i" }] }))).toBe(true);
  });
});
