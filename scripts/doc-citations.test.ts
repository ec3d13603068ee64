import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Code and docs cite docs by file, heading and decision number; a renamed heading or a deleted
// record leaves a pointer to nowhere. Every citation must land (docs/decisions/README.md).

const root = path.resolve(import.meta.dirname, "..");
const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs|md|css|conf|toml)$/.test(file))
  .filter((file) => !/(^|\/)(node_modules|dataset)\/|sanity\.types\.ts$/.test(file))
  .filter((file) => existsSync(path.join(root, file)));

/** A file's text with comment markers at line starts folded away, so a citation split over lines reads whole. */
const readFlat = (file: string) =>
  readFileSync(path.join(root, file), "utf8").replace(/\s*\n\s*(?:\*(?!\*)|\/\/|#(?!#))?\s*/g, " ");

const headingsOf = (doc: string) =>
  [...readFileSync(path.join(root, doc), "utf8").matchAll(/^#{1,6} +(.+?) *$/gm)].map(
    ([, text]) => text!,
  );

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const decisions = readdirSync(path.join(root, "docs/decisions"))
  .map((name) => /^(\d{3})-/.exec(name)?.[1])
  .filter(Boolean);

type Citation = { file: string; cites: string };

function citations() {
  const broken: Citation[] = [];
  let count = 0;
  for (const file of files) {
    const text = readFlat(file);
    const docLinks = text.matchAll(
      /(?<![\w/])((?:docs\/[\w/.-]+|README)\.md|README)(?:#([\w-]+))?(?:,\s*"([^"]+)")?/g,
    );
    for (const [cites, target, anchor, heading] of docLinks) {
      const doc = target === "README" ? "README.md" : target!;
      if (!heading && !anchor && target === "README") continue;
      count++;
      const bad = () => broken.push({ file, cites });
      if (!existsSync(path.join(root, doc))) {
        bad();
        continue;
      }
      const headings = doc.endsWith(".md") ? headingsOf(doc) : [];
      const plain = (text: string) => text.replace(/`/g, "");
      if (heading && !headings.some((h) => plain(h) === plain(heading))) bad();
      if (anchor && !headings.some((h) => slug(h) === anchor)) bad();
    }
    const raw = readFileSync(path.join(root, file), "utf8");
    for (const [cites, number] of raw.matchAll(/\b[Dd]ecisions?[ \t]+(\d{3})\b/g)) {
      count++;
      if (!decisions.includes(number!)) broken.push({ file, cites });
    }
  }
  return { broken, count };
}

describe("citations of the docs", () => {
  it("name a file, heading and decision that exist", () => {
    const { broken, count } = citations();
    expect(count).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
