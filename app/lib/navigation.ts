import { SINGLETON_PAGES } from "~/lib/content/singletons";

/** The site's fixed navigation: header, mobile menu and footer all list from here. */
export const PRIMARY_NAV = [
  { to: SINGLETON_PAGES.workPage, label: "Work" },
  { to: SINGLETON_PAGES.culturePage, label: "Culture" },
] as const;

export const FOOTER_NAV = [
  { to: SINGLETON_PAGES.homepage, label: "Home" },
  ...PRIMARY_NAV,
] as const;

export const LEGAL_LINK = {
  to: SINGLETON_PAGES.legalPage,
  label: "Legal Notice & Privacy Policy",
} as const;
