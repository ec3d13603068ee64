/** The site's fixed navigation: header, mobile menu and footer all list from here. */
export const PRIMARY_NAV = [
  { to: "/work", label: "Work" },
  { to: "/culture", label: "Culture" },
] as const;

export const FOOTER_NAV = [{ to: "/", label: "Home" }, ...PRIMARY_NAV] as const;

export const LEGAL_LINK = { to: "/legal", label: "Legal Notice & Privacy Policy" } as const;
