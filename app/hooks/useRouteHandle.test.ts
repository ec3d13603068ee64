import { describe, expect, it } from "vitest";
import { mergeHandles } from "./useRouteHandle";

describe("mergeHandles", () => {
  it("lets deeper routes override the flags of shallower ones", () => {
    expect(
      mergeHandles([
        { handle: { headerVariant: "large", preserveScroll: true } },
        { handle: { headerVariant: "default", forceDarkMode: true } },
      ]),
    ).toEqual({ headerVariant: "default", preserveScroll: true, forceDarkMode: true });
  });

  it("ignores routes without a handle and handles that are not objects", () => {
    expect(
      mergeHandles([{}, { handle: null }, { handle: "x" }, { handle: { hideHeader: true } }]),
    ).toEqual({
      hideHeader: true,
    });
    expect(mergeHandles([])).toEqual({});
  });
});
