import type { OutlineEntry } from "./RichText";

function Entries({ entries }: { entries: OutlineEntry[] }) {
  return (
    <ol>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`}>{entry.text}</a>
          {entry.children.length ? <Entries entries={entry.children} /> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * A long text's table of contents: above the text on small screens, beside it
 * and in view while it scrolls on wide ones (styles/shell/legal.css).
 */
export function Contents({ entries }: { entries: OutlineEntry[] }) {
  if (entries.length + entries.reduce((sum, entry) => sum + entry.children.length, 0) < 2) {
    return null;
  }
  return (
    // Named by aria-label; the visible label is aria-hidden so the name is not read twice.
    <nav className="contents" aria-label="Contents">
      <p className="label" aria-hidden="true">
        Contents
      </p>
      <Entries entries={entries} />
    </nav>
  );
}
