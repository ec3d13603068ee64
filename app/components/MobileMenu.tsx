import { NavLink } from "~/components/Link";
import { forwardRef } from "react";
import type { ShellSettings } from "~/lib/content/model";
import { useUIState } from "~/hooks/useUIState";
import { PRIMARY_NAV } from "~/lib/navigation";
import { LegalLinks } from "./LegalLinks";
import { MOBILE_MENU_ID } from "./MenuButton";
import { MusicWidget } from "./MusicWidget";
import { RichText } from "./RichText";

type Props = { general: ShellSettings | null };

/**
 * The full-screen blue overlay below lg. It slides in
 * over `--menu-duration` (styles/shell/base.css); the focus trap and Escape live in the Header, which owns the
 * button this menu belongs to; the scroll lock is `html.menu-open` (root.tsx).
 */
export const MobileMenu = forwardRef<HTMLAnchorElement, Props>(function MobileMenu(
  { general },
  firstLinkRef,
) {
  const { menuOpen } = useUIState();

  return (
    <div id={MOBILE_MENU_ID} className="mobile-menu" data-open={menuOpen || undefined}>
      <div className="mobile-menu__inner">
        <nav aria-label="Menu" className="mobile-menu__nav">
          <ul>
            {PRIMARY_NAV.map((item, index) => (
              <li key={item.to} style={{ ["--i" as string]: index }}>
                <NavLink ref={index === 0 ? firstLinkRef : undefined} to={item.to}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-menu__widget">
          {/* The widget asks its API only while it is on screen: a closed menu is off screen. */}
          <MusicWidget officePlaylistUrl={general?.officePlaylistUrl} />
        </div>
        <div className="mobile-menu__meta">
          <RichText value={general?.address} className="mobile-menu__address rich-text" />
          <LegalLinks general={general} block="mobile-menu" />
        </div>
      </div>
    </div>
  );
});
