import { describe, expect, it } from "vitest";
import { hasDescender } from "./Footer";

describe("the footer wordmark's crop", () => {
  it("may end on the baseline for a title without descenders", () => {
    for (const title of ["Lintur", "Northwind Works", "HAVBRO", "Ísafold 2026", "JUNO"]) {
      expect(hasDescender(title), title).toBe(false);
    }
  });

  it("shows a title whole when a letter or mark hangs below the baseline", () => {
    for (const title of ["Fjord", "Ögn & Sága", "Queue", "Typo", "Hvítþór", "Studio (Oslo)"]) {
      expect(hasDescender(title), title).toBe(true);
    }
  });
});
