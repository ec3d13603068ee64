import { Link, NavLink } from "~/components/Link";
import clsx from "clsx";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFocusTrap } from "~/hooks/useFocusTrap";
import { useHeaderHidden } from "~/hooks/useHeaderVisibility";
import type { HeaderSwap } from "~/hooks/useHeaderSwap";
import { useMediaQuery } from "~/hooks/useMediaQuery";
import { LG } from "~/lib/media-queries";
import type { ShellSettings } from "~/lib/content/model";
import { PRIMARY_NAV } from "~/lib/navigation";
import { useUIState } from "~/hooks/useUIState";
import { DarkModeToggle } from "./DarkModeToggle";
import { MenuButton } from "./MenuButton";
import { MobileMenu } from "./MobileMenu";
import { whenFaded } from "./page-fade";
import { SINGLETON_PAGES } from "~/lib/content/singletons";

type Props = {
  siteTitle: string;
  general: ShellSettings | null;
  variant?: "default" | "large";
  /** Coming from or going to a route without a header: it slides with the page's fade (useHeaderSwap). */
  swap?: HeaderSwap;
  /** Its slide has ended. */
  onSwapEnd?: () => void;
};

/** How long the menu's curtain slides (styles/shell/base.css, --menu-duration). */
const MENU_SLIDE_MS = 800;

/**
 * True while the menu opens or closes: only then does the header animate its own colours
 * (styles/shell/header.css); otherwise they follow the page's, in step.
 */
function useMenuMoving(menuOpen: boolean) {
  const [moving, setMoving] = useState(false);
  const shown = useRef(menuOpen);
  useEffect(() => {
    if (shown.current === menuOpen) return;
    shown.current = menuOpen;
    setMoving(true);
    const timer = window.setTimeout(() => setMoving(false), MENU_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [menuOpen]);
  return moving;
}

/** Wordmark, navigation and controls, and the mobile menu below lg. */
export function Header({ siteTitle, general, variant = "default", swap, onSwapEnd }: Props) {
  const { menuOpen, setMenuOpen } = useUIState();
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);
  const desktop = useMediaQuery(LG);
  const hidden = useHeaderHidden(!menuOpen);
  const menuMoving = useMenuMoving(menuOpen);

  const close = useCallback(() => setMenuOpen(false), [setMenuOpen]);
  useFocusTrap(headerRef, menuOpen, {
    initialFocus: firstLinkRef,
    returnFocus: buttonRef,
    onEscape: close,
  });
  // Its slide (styles/shell/header.css) started in this commit, with the page's fade-in; it ends
  // as the fade does, on the transition itself (page-fade.ts says why not on a clock).
  useLayoutEffect(() => {
    if (!swap) return;
    let current = true;
    const end = () => {
      if (current) onSwapEnd?.();
    };
    whenFaded(headerRef.current, false, end, "transform");
    return () => {
      current = false;
    };
  }, [swap, onSwapEnd]);
  // The menu exists only below lg: growing the window past it closes the menu.
  useEffect(() => {
    if (desktop) close();
  }, [desktop, close]);

  return (
    <header
      ref={headerRef}
      className={clsx(
        "site-header",
        variant === "large" && "site-header--large",
        menuOpen && "site-header--menu-open",
        menuMoving && "site-header--menu-moving",
        swap && `site-header--${swap}`,
      )}
      data-hidden={hidden || undefined}
      // Leaving over the next page: out of reach of the keyboard, pointer and screen readers.
      inert={swap === "leave" || undefined}
    >
      <div className="site-header__bar">
        <Link to="/" className="wordmark" aria-label={`${siteTitle}, home`}>
          {siteTitle}
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {PRIMARY_NAV.filter(
              (item) => variant !== "large" || item.to !== SINGLETON_PAGES.workPage,
            ).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__controls">
          <DarkModeToggle />
          <MenuButton ref={buttonRef} />
        </div>
      </div>
      <MobileMenu ref={firstLinkRef} general={general} />
    </header>
  );
}
