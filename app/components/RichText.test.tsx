import type { PortableTextBlock } from "@portabletext/react";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { renderWithSite } from "../../tests/support/render";
import {
  headingIds,
  headingShift,
  outline,
  RichText,
  slugify,
  withoutLeadingTitle,
} from "./RichText";

let key = 0;
const k = () => `k${++key}`;

function span(text: string, marks: string[] = []) {
  return { _type: "span", _key: k(), text, marks };
}

function block(
  style: string,
  children: ReturnType<typeof span>[],
  extra: Partial<PortableTextBlock> & Record<string, unknown> = {},
): PortableTextBlock {
  return { _type: "block", _key: k(), style, markDefs: [], children, ...extra };
}

/** A block object (not text): an image, or a type the map does not know. */
function object(value: Record<string, unknown>) {
  return { _key: k(), ...value } as unknown as PortableTextBlock;
}

function item(listItem: string, level: number, text: string): PortableTextBlock {
  return block("normal", [span(text)], { listItem, level });
}

const links = [
  { _key: "home", _type: "link", type: "internalLink", page: "homepage", slug: null },
  { _key: "proj", _type: "link", type: "internalLink", page: "project", slug: "harbour" },
  { _key: "other", _type: "link", type: "internalLink", page: "culturePage", slug: "culture" },
  { _key: "web", _type: "link", type: "externalLink", href: "https://example.com/a?b=1" },
  { _key: "mail", _type: "link", type: "externalLink", href: "mailto:hi@example.com" },
  { _key: "evil", _type: "link", type: "externalLink", href: "javascript:alert(1)" },
];

/** Every style, list, mark and block type of docs/content-model.md `richText`, plus unknown ones. */
const FIXTURE: PortableTextBlock[] = [
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((style) => block(style, [span(`Heading ${style}`)])),
  block("h2", [span("Privacy & Cookies — Æsir")]),
  block("h2", [span("Privacy & Cookies — Æsir")]),
  block("normal", [span("Plain paragraph.")]),
  block("blockquote", [span("A quotation.")]),
  block("normal", [
    span("bold", ["strong"]),
    span("italic", ["em"]),
    span("mono", ["code"]),
    span("under", ["underline"]),
    span("struck", ["strike-through"]),
    span("marked", ["highlight"]),
    span("both", ["strong", "em"]),
  ]),
  block(
    "normal",
    links.map((link) => span(`to-${link._key}`, [link._key])),
    { markDefs: links },
  ),
  item("bullet", 1, "Bullet one"),
  item("bullet", 2, "Bullet nested"),
  item("bullet", 3, "Bullet deeper"),
  item("bullet", 1, "Bullet two"),
  item("number", 1, "Number one"),
  item("number", 2, "Number nested"),
  item("number", 1, "Number two"),
  object({
    _type: "image",
    alt: "An embedded picture",
    asset: { _type: "reference", _ref: "image-abcdef-1200x800-jpg" },
    dimensions: { width: 1200, height: 800 },
    lqip: "data:image/jpeg;base64,AAAA",
  }),
  // Unknown to the map: a block type, a mark, a style and a list type.
  object({ _type: "callToAction", label: "Buy now" }),
  block("normal", [span("glittery text", ["sparkle"])]),
  block("pullQuote", [span("Unknown style text")]),
  item("checklist", 1, "Unknown list text"),
  // Each unknown type again: still one warning per type.
  object({ _type: "callToAction", label: "Again" }),
  block("normal", [span("more glitter", ["sparkle"])]),
];

describe("RichText", () => {
  let warn: MockInstance<typeof console.warn>;
  let html: string;
  let firstRenderWarnings: string[];
  // Vitest clears the spy's calls before each test: each test sees only its own.
  const richTextWarnings = () =>
    warn.mock.calls.map((call) => String(call[0])).filter((text) => text.startsWith("[rich text]"));

  // One render for the file: the map warns once per unknown type per process.
  beforeAll(async () => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    html = await renderWithSite(<RichText value={FIXTURE} />);
    firstRenderWarnings = richTextWarnings();
  });
  afterAll(() => vi.restoreAllMocks());

  it("renders every block style, headings with unique ids", () => {
    // The document's highest heading (h1) sits at h2, under the page's h1; the rest follow it.
    for (const level of [1, 2, 3, 4, 5, 6]) {
      const tag = `h${Math.min(6, level + 1)}`;
      expect(html).toContain(`<${tag} id="heading-h${level}" class="rt-h${level}">`);
    }
    expect(html).not.toContain("<h1");
    expect(html).toContain('<h3 id="privacy-cookies-aesir" class="rt-h2">');
    expect(html).toContain('<h3 id="privacy-cookies-aesir-2" class="rt-h2">');
    expect(html).toContain("<p>Plain paragraph.</p>");
    expect(html).toContain("<blockquote>A quotation.</blockquote>");
  });

  it("renders every decorator", () => {
    for (const fragment of [
      "<strong>bold</strong>",
      "<em>italic</em>",
      "<code>mono</code>",
      "<u>under</u>",
      "<s>struck</s>",
      "<mark>marked</mark>",
    ]) {
      expect(html).toContain(fragment);
    }
    expect(html).toMatch(/<(strong|em)><(strong|em)>both<\/\2><\/\1>/);
  });

  it("resolves links through the one link resolver", () => {
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>to-home<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/work\/harbour"[^>]*>to-proj<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/culture"[^>]*>to-other<\/a>/);
    expect(html).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">to-web',
    );
    expect(html).toContain('<a href="mailto:hi@example.com">to-mail</a>');
    // Not a safe href: text, never a link.
    expect(html).toContain("<span>to-evil</span>");
    expect(html).not.toContain("javascript:");
  });

  it("nests lists by level", () => {
    expect(html).toMatch(
      /<ul><li>Bullet one<ul><li>Bullet nested<ul><li>Bullet deeper<\/li><\/ul><\/li><\/ul><\/li><li>Bullet two<\/li><\/ul>/,
    );
    expect(html).toMatch(
      /<ol><li>Number one<ol><li>Number nested<\/li><\/ol><\/li><li>Number two<\/li><\/ol>/,
    );
  });

  it("renders embedded images through the image component", () => {
    const image =
      /<figure class="rt-image"><picture class="media-picture"><img ([^>]*)\/?>/.exec(html)?.[1] ??
      "";
    expect(image).toContain('alt="An embedded picture"');
    expect(image).toMatch(/srcSet="[^"]*\/abcdef-1200x800\/full\/320x213\.webp 320w/);
    expect(image).toContain('loading="lazy"');
    expect(image).toContain('width="1200" height="800"');
  });

  it("falls back for unknown types and warns once per type, naming it", () => {
    expect(html).toContain("<span>glittery text</span>");
    expect(html).toContain("<p>Unknown style text</p>");
    expect(html).toContain("<li>Unknown list text</li>");
    expect(html).not.toContain("Buy now");

    const unknown = firstRenderWarnings;
    expect(unknown, unknown.join("\n")).toHaveLength(4);
    for (const type of ["callToAction", "sparkle", "pullQuote", "checklist"]) {
      const naming = unknown.filter((message) => message.includes(`"${type}"`));
      expect(naming, type).toHaveLength(1);
    }
  });

  it("warns about a type only once across renders", async () => {
    expect(firstRenderWarnings).toHaveLength(4);
    await renderWithSite(<RichText value={FIXTURE} />);
    expect(richTextWarnings()).toEqual([]);
  });

  it("renders nothing for empty content", async () => {
    expect(await renderWithSite(<RichText value={[]} />)).toBe("");
    expect(await renderWithSite(<RichText value={null} />)).toBe("");
  });
});

describe("heading levels", () => {
  it("moves a document's highest heading to the level the page gives it, the rest with it", async () => {
    const doc = [block("h1", [span("Top")]), block("h3", [span("Under")])];
    expect(headingShift(doc, 3)).toBe(2);
    expect(headingShift([block("h4", [span("Only")])], 2)).toBe(-2);
    expect(headingShift([block("normal", [span("No heading")])], 2)).toBe(0);
    const html = await renderWithSite(<RichText value={doc} topLevel={3} />);
    expect(html).toContain('<h3 id="top" class="rt-h1">Top</h3>');
    expect(html).toContain('<h5 id="under" class="rt-h3">Under</h5>');
  });
});

describe("heading ids", () => {
  it("slugs text without accents or punctuation", () => {
    expect(slugify("  Hello, World! ")).toBe("hello-world");
    expect(slugify("Fyrirtækjaskrá")).toBe("fyrirtaekjaskra");
    expect(slugify("Þórsmörk ÐØ")).toBe("thorsmork-do");
  });

  it("gives repeated headings distinct ids and skips other blocks", () => {
    const ids = headingIds([
      block("h2", [span("Same")]),
      block("normal", [span("Same")]),
      block("h3", [span("Same")]),
      block("h2", [span("!!!")]),
    ]);
    expect([...ids.values()]).toEqual(["same", "same-2", "section"]);
  });
});

describe("a long text's title and outline", () => {
  it("drops a first heading that repeats the page title, whatever its level, case or full stop", () => {
    const rest = [block("h2", [span("Legal notice")]), block("normal", [span("Text")])];
    for (const style of ["h1", "h2", "h6"]) {
      const body = [block(style, [span("Legal  Notice & Privacy policy.")]), ...rest];
      expect(withoutLeadingTitle(body, "Legal Notice & Privacy Policy")).toEqual(rest);
    }
  });

  it("keeps a body that does not open with the title", () => {
    const body = [block("normal", [span("Imprint")]), block("h2", [span("Imprint")])];
    expect(withoutLeadingTitle(body, "Imprint")).toBe(body);
    const other = [block("h2", [span("Imprint and more")])];
    expect(withoutLeadingTitle(other, "Imprint")).toBe(other);
    expect(withoutLeadingTitle(other, null)).toBe(other);
    expect(withoutLeadingTitle(null, "Imprint")).toEqual([]);
  });

  it("outlines the top heading level with the next one under it, by the ids RichText gives", () => {
    const body = [
      block("normal", [span("Intro")]),
      block("h3", [span("Before any section")]),
      block("h2", [span("Legal notice")]),
      block("h3", [span("Address")]),
      block("h4", [span("Too deep")]),
      block("h2", [span("Privacy")]),
      block("h3", [span("Address")]),
    ];
    expect(outline(body)).toEqual([
      { id: "before-any-section", text: "Before any section", children: [] },
      {
        id: "legal-notice",
        text: "Legal notice",
        children: [{ id: "address", text: "Address", children: [] }],
      },
      {
        id: "privacy",
        text: "Privacy",
        children: [{ id: "address-2", text: "Address", children: [] }],
      },
    ]);
    expect(outline([block("normal", [span("No headings")])])).toEqual([]);
  });
});
