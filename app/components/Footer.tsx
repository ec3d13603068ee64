import { Link } from "~/components/Link";
import { useRef } from "react";
import { useFitText } from "~/hooks/useFitText";
import type { ShellSettings } from "~/lib/content/model";
import { FOOTER_NAV } from "~/lib/navigation";
import { LegalLinks } from "./LegalLinks";
import { MusicWidget } from "./MusicWidget";
import { RichText } from "./RichText";

// Letters that hang below the baseline in Inter Tight (and brackets, commas).
const DESCENDERS = /[gjpqyþQçşţęąįųǫŋ,;()[\]{}|/@]/;

/** Whether a title has a letter below the baseline, so the wordmark must not be cut there. */
export function hasDescender(text: string) {
  return DESCENDERS.test(text);
}

/** Address, navigation, the legal link and the copyright, under a wordmark set edge to edge. */
export function Footer({
  general,
  siteTitle,
}: {
  general: ShellSettings | null;
  siteTitle: string;
}) {
  const wordmark = useRef<HTMLParagraphElement>(null);
  useFitText(wordmark, 600);
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div className="site-footer__address">
          <p className="label">Studio</p>
          <RichText value={general?.address} className="rich-text" />
          <MusicWidget officePlaylistUrl={general?.officePlaylistUrl} />
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <p className="label">Index</p>
          <ul>
            {FOOTER_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <LegalLinks general={general} block="site-footer" />
      </div>
      <p
        ref={wordmark}
        className="site-footer__wordmark"
        aria-hidden="true"
        data-descender={hasDescender(siteTitle) || undefined}
        style={{ ["--chars" as string]: Math.max(siteTitle.length, 3) }}
      >
        {siteTitle}
      </p>
    </footer>
  );
}
