import { describe, expect, it } from "vitest";
import type { PageModule } from "~/lib/content/model";
import { moduleRows } from "./module-rows";

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
