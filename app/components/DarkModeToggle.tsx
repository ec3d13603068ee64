import { useUIState } from "~/hooks/useUIState";

/**
 * The header's dark-mode switch. While an inverted section is on
 * screen the page's colours belong to that section, so the switch is ignored
 * and says so with aria-disabled (it stays focusable and keeps its label).
 * aria-pressed is the visitor's choice, not the scheme painted at the moment.
 */
export function DarkModeToggle() {
  const { darkMode, toggleDarkMode, invertedSection } = useUIState();
  const ignored = invertedSection !== null;
  return (
    <button
      type="button"
      className="dark-toggle"
      aria-label="switch dark mode"
      aria-pressed={darkMode}
      aria-disabled={ignored || undefined}
      onClick={toggleDarkMode}
    >
      <span className="dark-toggle__icon" aria-hidden="true" />
    </button>
  );
}
