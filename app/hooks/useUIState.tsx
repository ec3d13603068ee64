import { useLocation } from "react-router";
import { useLatest } from "~/hooks/useLatest";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

/**
 * The shell's shared UI state, in one place: dark mode, the menu, the cursor state and the
 * active inverted section. Components read it with `useUIState()`. The preview banner follows
 * the root loader's `preview` (the server paints it); scrolling is the browser's own
 * (docs/decisions/033-ui-state.md).
 */

export type CursorState = "hover" | "empty";

type UIState = {
  /** The visitor's choice (the toggle's pressed state). */
  darkMode: boolean;
  /**
   * The scheme painted: dark mode's, flipped while an inverted section is on
   * screen (docs/content-model.md "inverted").
   */
  colourScheme: "light" | "dark";
  /** Flips dark mode; ignored while an inverted section is on screen. */
  toggleDarkMode(): void;
  menuOpen: boolean;
  setMenuOpen(open: boolean): void;
  /** The inverted section (`section[data-inverted]`) on screen, if any. */
  invertedSection: Element | null;
  setInvertedSection(section: Element | null): void;
};

type CursorContextValue = { cursor: CursorState; setCursor(state: CursorState): void };

const UIStateContext = createContext<UIState | null>(null);
// The cursor changes on every hover: its own context keeps those renders local.
const CursorContext = createContext<CursorContextValue | null>(null);

type Props = {
  /** The current route forces dark mode on (route `handle.forceDarkMode`). */
  forceDarkMode: boolean;
  children: ReactNode;
};

export function UIStateProvider({ forceDarkMode, children }: Props) {
  const location = useLocation();
  // The server renders the forced value too, so the first paint has the right colours.
  const [darkMode, setDarkMode] = useState(forceDarkMode);
  const [menuOpen, setMenuOpen] = useState(false);
  const [invertedSection, setInvertedSection] = useState<Element | null>(null);
  const [cursor, setCursor] = useState<CursorState>("empty");

  const invertedRef = useLatest(invertedSection);
  const toggleDarkMode = useCallback(() => {
    if (invertedRef.current) return;
    setDarkMode((on) => !on);
  }, [invertedRef]);

  // On route change dark mode turns off, unless the entered route forces it on.
  const forcedRef = useLatest(forceDarkMode);
  const pathnameRef = useRef(location.pathname);
  useEffect(() => {
    if (pathnameRef.current === location.pathname) return;
    pathnameRef.current = location.pathname;
    setDarkMode(forcedRef.current);
  }, [location.pathname, forcedRef]);

  // Any navigation closes the menu, including a link to the page already shown, in the
  // render that shows the new page: its focus trap lets go before focus moves to that page
  // (app/lib/route-focus.ts).
  const [menuKey, setMenuKey] = useState(location.key);
  if (menuKey !== location.key) {
    setMenuKey(location.key);
    setMenuOpen(false);
  }

  const inverted = invertedSection !== null;
  const state = useMemo<UIState>(
    () => ({
      darkMode,
      colourScheme: darkMode !== inverted ? "dark" : "light",
      toggleDarkMode,
      menuOpen,
      setMenuOpen,
      invertedSection,
      setInvertedSection,
    }),
    [darkMode, inverted, toggleDarkMode, menuOpen, invertedSection],
  );
  const cursorValue = useMemo(() => ({ cursor, setCursor }), [cursor]);

  return (
    <UIStateContext.Provider value={state}>
      <CursorContext.Provider value={cursorValue}>{children}</CursorContext.Provider>
    </UIStateContext.Provider>
  );
}

export function useUIState(): UIState {
  const state = useContext(UIStateContext);
  if (!state) throw new Error("useUIState() needs a <UIStateProvider> above it");
  return state;
}

export function useCursor(): CursorContextValue {
  const value = useContext(CursorContext);
  if (!value) throw new Error("useCursor() needs a <UIStateProvider> above it");
  return value;
}
