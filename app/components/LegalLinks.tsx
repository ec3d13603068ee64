import { Link } from "~/components/Link";
import type { ShellSettings } from "~/lib/content/model";
import { LEGAL_LINK } from "~/lib/navigation";
import { Copyright } from "./Copyright";

/** The legal link and the copyright line, as the footer and the mobile menu both end. */
export function LegalLinks({
  general,
  block,
}: {
  general: ShellSettings | null;
  /** The BEM block the two are styled in: `{block}__legal`, `{block}__copyright`. */
  block: "site-footer" | "mobile-menu";
}) {
  return (
    <div className={`${block}__legal`}>
      <Link to={LEGAL_LINK.to}>{LEGAL_LINK.label}</Link>
      <Copyright general={general} className={`${block}__copyright`} />
    </div>
  );
}
