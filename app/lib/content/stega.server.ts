import { stegaClean, type FilterDefault } from "@sanity/client/stega";

/**
 * Stega: while an editor previews from the Studio, Sanity hides an edit link
 * in invisible characters inside strings, which @sanity/visual-editing turns
 * into click-to-edit overlays (docs/content.md). Only text a visitor reads is
 * encoded, never a value the site uses for logic, markup or the page head:
 * an allowlist of fields, then Sanity's own default filter (which also skips
 * URLs, dates, slugs and anything under `seo`).
 */
const ENCODED_FIELDS = new Set([
  "title",
  "heading",
  "caption",
  "excerpt",
  "client",
  "text",
  "copyright",
]);

export const encodeForEditing: FilterDefault = (props) => {
  const last = props.sourcePath.at(-1);
  const parent = props.sourcePath.at(-2);
  const visibleText =
    (typeof last === "string" && ENCODED_FIELDS.has(last)) ||
    (typeof last === "number" && parent === "services");
  return visibleText && props.filterDefault(props);
};

/** A value with every stega character removed: for <title>, meta tags, logic. */
export function withoutStega<T>(value: T): T {
  return stegaClean(value) as T;
}
