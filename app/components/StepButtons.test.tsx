import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StepButtons } from "./StepButtons";

const buttons = (markup: string) =>
  [...markup.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes, inside]) => ({
    label: /aria-label="([^"]*)"/.exec(attributes!)?.[1],
    disabled: /aria-disabled="([^"]*)"/.exec(attributes!)?.[1],
    inside,
  }));

describe("the step buttons", () => {
  it("are back then forward, each named, with an arrow hidden from screen readers", () => {
    const markup = renderToStaticMarkup(
      <StepButtons className="x" labels={["Previous", "Next"]} onStep={() => undefined} />,
    );
    expect(buttons(markup)).toEqual([
      { label: "Previous", disabled: undefined, inside: '<span aria-hidden="true">←</span>' },
      { label: "Next", disabled: undefined, inside: '<span aria-hidden="true">→</span>' },
    ]);
  });

  it("say which way the row cannot go, and stay focusable", () => {
    const markup = renderToStaticMarkup(
      <StepButtons
        className="x"
        labels={["Back", "Forward"]}
        onStep={() => undefined}
        edges={{ start: true, end: false }}
      />,
    );
    expect(buttons(markup).map(({ disabled }) => disabled)).toEqual(["true", "false"]);
    expect(markup).not.toMatch(/ disabled/);
  });
});
