import { describe, expect, it } from "vitest";
import { wantsMotion, type Choice } from "./playback";

describe("wantsMotion", () => {
  it("moves by itself unless the visitor asked for reduced motion or the screen holds it", () => {
    expect(wantsMotion("auto", false, false)).toBe(true);
    expect(wantsMotion("auto", true, false)).toBe(false);
    expect(wantsMotion("auto", false, true)).toBe(false);
  });

  it("follows the visitor's press of its button over both", () => {
    const cases: [Choice, boolean][] = [
      ["play", true],
      ["pause", false],
    ];
    for (const [choice, expected] of cases) {
      for (const reducedMotion of [false, true]) {
        for (const held of [false, true]) {
          expect(
            wantsMotion(choice, reducedMotion, held),
            `${choice} ${reducedMotion} ${held}`,
          ).toBe(expected);
        }
      }
    }
  });
});
