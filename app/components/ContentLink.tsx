import { Link } from "~/components/Link";
import type { ReactNode } from "react";
import type { LinkValue } from "~/lib/content/model";
import { opensInNewTab, resolveLink } from "~/lib/links";

type Props = { value: LinkValue | null | undefined; children: ReactNode; className?: string };

/**
 * Renders a content `link` through the one link resolver: a React Router Link that
 * prefetches the target page (data and modules) for internal pages, a new tab
 * for web links, the mail or phone app for mailto:/tel:, and plain text for
 * anything that is not a safe link.
 */
export function ContentLink({ value, children, className }: Props) {
  const link = resolveLink(value);
  if (link.kind === "internal") {
    return (
      <Link to={link.to} className={className}>
        {children}
      </Link>
    );
  }
  if (link.kind === "external") {
    return opensInNewTab(link.href) ? (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    ) : (
      <a href={link.href} className={className}>
        {children}
      </a>
    );
  }
  return <span className={className}>{children}</span>;
}
