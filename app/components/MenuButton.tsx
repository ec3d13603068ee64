import { forwardRef } from "react";
import { useUIState } from "~/hooks/useUIState";

export const MOBILE_MENU_ID = "mobile-menu";

/** Below lg: opens and closes the mobile menu. */
export const MenuButton = forwardRef<HTMLButtonElement>(function MenuButton(_props, ref) {
  const { menuOpen, setMenuOpen } = useUIState();
  return (
    <button
      ref={ref}
      type="button"
      className="menu-button"
      aria-expanded={menuOpen}
      aria-controls={MOBILE_MENU_ID}
      onClick={() => setMenuOpen(!menuOpen)}
    >
      <span className="menu-button__label">Menu</span>
      <span className="menu-button__icon" aria-hidden="true" />
    </button>
  );
});
