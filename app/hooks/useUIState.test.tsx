import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { UIStateProvider, useCursor, useUIState } from "./useUIState";

function Probe() {
  const state = useUIState();
  const { cursor } = useCursor();
  return (
    <p>
      {[
        state.darkMode ? "dark" : "light",
        state.menuOpen ? "menu-open" : "menu-closed",
        state.invertedSection ? "inverted" : "plain",
        cursor,
      ].join(" ")}
    </p>
  );
}

function render(forceDarkMode: boolean) {
  return renderToString(
    <MemoryRouter initialEntries={["/work"]}>
      <UIStateProvider forceDarkMode={forceDarkMode}>
        <Probe />
      </UIStateProvider>
    </MemoryRouter>,
  );
}

describe("UIStateProvider", () => {
  it("renders light on the server unless the route forces dark mode, so the first paint is right", () => {
    expect(render(false)).toContain("light menu-closed plain empty");
    expect(render(true)).toContain("dark menu-closed plain empty");
  });

  it("refuses to be used outside the provider", () => {
    expect(() => renderToString(<Probe />)).toThrow(/UIStateProvider/);
  });
});
