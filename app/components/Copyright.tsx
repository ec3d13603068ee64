import type { ShellSettings } from "~/lib/content/model";

/** "© {year} {copyright}" (docs/content-model.md `general.copyright`), the site title when unset. */
export function Copyright({
  general,
  className,
}: {
  general: ShellSettings | null;
  className?: string;
}) {
  const holder = general?.copyright || general?.siteTitle;
  if (!holder) return null;
  return (
    <p className={className}>
      © {new Date().getFullYear()} {holder}
    </p>
  );
}
