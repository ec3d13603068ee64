import {
  PortableText,
  toPlainText,
  type PortableTextBlock,
  type PortableTextComponents,
  type PortableTextMarkComponentProps,
} from "@portabletext/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { LinkValue, RichText as RichTextValue, SanityImage } from "~/lib/content/model";
import { LAYOUTS } from "~/lib/media/layouts";
import { ContentLink } from "./ContentLink";
import { Image } from "./Image";

const HEADING_STYLES = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

// Letters that do not decompose into a base letter and an accent.
const LETTERS: Record<string, string> = {
  æ: "ae",
  ø: "o",
  ð: "d",
  þ: "th",
  ß: "ss",
  œ: "oe",
  ł: "l",
};

/** A URL fragment from a heading's text: "Privacy policy" → "privacy-policy". */
export function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/[æøðþßœł]/g, (letter) => LETTERS[letter] ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Ids for every heading of a document, by block key, unique within it (a
 * repeated heading gets "-2", "-3"), so `#hash` links land on the right one.
 */
export function headingIds(blocks: readonly PortableTextBlock[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Map<string, number>();
  blocks.forEach((block, index) => {
    if (block._type !== "block" || !HEADING_STYLES.has(block.style ?? "")) return;
    const base = slugify(toPlainText(block)) || "section";
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    ids.set(block._key ?? String(index), count === 1 ? base : `${base}-${count}`);
  });
  return ids;
}

// Compares titles as a reader would: case, spacing and a closing full stop or colon aside.
const normalise = (text: string) =>
  text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").replace(/[.:]$/, "").trim();

/**
 * The body without a first heading that only repeats the page's title (legal
 * texts pasted from a document usually start with it); anything else as given.
 */
export function withoutLeadingTitle<Block extends { _type: string; style?: string | null }>(
  blocks: Block[] | null | undefined,
  title: string | null | undefined,
): Block[] {
  const [first, ...rest] = blocks ?? [];
  if (!first) return [];
  const repeatsTitle =
    first._type === "block" &&
    HEADING_STYLES.has(first.style ?? "") &&
    Boolean(title) &&
    normalise(toPlainText(first as unknown as PortableTextBlock)) === normalise(title!);
  return repeatsTitle ? rest : (blocks ?? []);
}

export type OutlineEntry = { id: string; text: string; children: OutlineEntry[] };

/**
 * The sections of a document for a table of contents: its highest heading
 * level, with the next level under each, linked by the ids `RichText` gives.
 */
export function outline(value: readonly { _type: string }[]): OutlineEntry[] {
  const blocks = value as readonly PortableTextBlock[];
  const ids = headingIds(blocks);
  const headings = blocks.flatMap((block, index) => {
    const id = ids.get(block._key ?? String(index));
    return id ? [{ id, level: Number(block.style!.slice(1)), text: toPlainText(block) }] : [];
  });
  const top = Math.min(...headings.map((heading) => heading.level));
  const entries: OutlineEntry[] = [];
  for (const heading of headings) {
    const entry = { id: heading.id, text: heading.text, children: [] };
    if (heading.level === top) entries.push(entry);
    else if (heading.level === top + 1) (entries.at(-1)?.children ?? entries).push(entry);
  }
  return entries;
}

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * How many levels a document's headings move down (or up) so that its highest sits at the
 * level the page gives it: never a second h1, never a skipped level under the page's heading
 * (docs/decisions/059-rich-text.md). The editor's style still sets the look (`rt-h1`…).
 */
export function headingShift(blocks: readonly PortableTextBlock[], top: HeadingLevel): number {
  const levels = blocks
    .filter((block) => block._type === "block" && HEADING_STYLES.has(block.style ?? ""))
    .map((block) => Number(block.style!.slice(1)));
  return levels.length ? top - Math.min(...levels) : 0;
}

const Headings = createContext<{ ids: Map<string, string>; shift: number }>({
  ids: new Map(),
  shift: 0,
});

function heading(style: "h1" | "h2" | "h3" | "h4" | "h5" | "h6") {
  function Heading({ children, value }: { children?: ReactNode; value: PortableTextBlock }) {
    const { ids, shift } = useContext(Headings);
    const Tag = `h${Math.min(6, Math.max(1, Number(style.slice(1)) + shift))}` as typeof style;
    return (
      <Tag id={ids.get(value._key ?? "")} className={`rt-${style}`}>
        {children}
      </Tag>
    );
  }
  return Heading;
}

function LinkMark({ children, value }: PortableTextMarkComponentProps) {
  return <ContentLink value={value as LinkValue | undefined}>{children}</ContentLink>;
}

/** The one Portable Text map of the site (docs/content-model.md `richText`). */
const richTextComponents: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p>{children}</p>,
    blockquote: ({ children }) => <blockquote>{children}</blockquote>,
    h1: heading("h1"),
    h2: heading("h2"),
    h3: heading("h3"),
    h4: heading("h4"),
    h5: heading("h5"),
    h6: heading("h6"),
  },
  list: {
    bullet: ({ children }) => <ul>{children}</ul>,
    number: ({ children }) => <ol>{children}</ol>,
  },
  listItem: {
    bullet: ({ children }) => <li>{children}</li>,
    number: ({ children }) => <li>{children}</li>,
  },
  marks: {
    strong: ({ children }) => <strong>{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    code: ({ children }) => <code>{children}</code>,
    underline: ({ children }) => <u>{children}</u>,
    "strike-through": ({ children }) => <s>{children}</s>,
    highlight: ({ children }) => <mark>{children}</mark>,
    link: LinkMark,
  },
  types: {
    image: ({ value }) => (
      <figure className="rt-image">
        <Image image={value as SanityImage} sizes={LAYOUTS.richText.sizes} />
      </figure>
    ),
  },
  // Fallbacks for what the map does not know (each also warns once, below):
  // text stays readable, objects without text are left out.
  unknownBlockStyle: ({ children }) => <p>{children}</p>,
  unknownList: ({ children }) => <ul>{children}</ul>,
  unknownListItem: ({ children }) => <li>{children}</li>,
  unknownMark: ({ children }) => <span>{children}</span>,
  unknownType: () => null,
};

const warned = new Set<string>();
// An unknown list type is missing twice (list and list item): one warning names it.
const KIND: Record<string, string> = {
  blockStyle: "style",
  listStyle: "list",
  listItemStyle: "list",
};

function warnMissing(_message: string, options: { type: string; nodeType: string }) {
  const kind = KIND[options.nodeType] ?? options.nodeType;
  const key = `${kind}:${options.type}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`[rich text] Unknown ${kind} type "${options.type}": rendered as a plain fallback`);
}

type Props = {
  value: RichTextValue | PortableTextBlock[] | null | undefined;
  className?: string;
  /** The level of the document's highest heading: 2 under the page's h1, 3 under an h2. */
  topLevel?: HeadingLevel;
};

/** Rich text from the content service. Unknown types warn once and fall back to plain markup. */
export function RichText({ value: given, className, topLevel = 2 }: Props) {
  // The generated type of a rich-text projection is Portable Text with optional
  // span fields; @portabletext/react types the same JSON more strictly.
  const value = given as PortableTextBlock[] | null | undefined;
  const headings = useMemo(
    () => ({ ids: headingIds(value ?? []), shift: headingShift(value ?? [], topLevel) }),
    [value, topLevel],
  );
  if (!value?.length) return null;
  return (
    <div className={className ?? "rich-text"}>
      <Headings.Provider value={headings}>
        <PortableText
          value={value}
          components={richTextComponents}
          onMissingComponent={warnMissing}
        />
      </Headings.Provider>
    </div>
  );
}
