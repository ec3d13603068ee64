// Tiny Portable Text builder: write rich text as lightweight markup, get Sanity blocks back.
//
// Line prefixes: "# " … "###### " headings h1–h6 · "> " blockquote · "- " bullet · "  - " bullet level 2 ·
// "1. " number · "  1. " number level 2 · "![alt](file.jpg)" block image · anything else: normal.
// Inline: **strong** *em* `code` __underline__ ~~strike-through~~ ==highlight== [text](target)
// Link targets: "@<documentId>" internal link (page reference), anything else external href.

const DECOS = [
  ['**', 'strong'],
  ['__', 'underline'],
  ['~~', 'strike-through'],
  ['==', 'highlight'],
  ['*', 'em'],
  ['`', 'code'],
];

// `framing(file)` gives an image's crop and hotspot (the editor's framing), if any.
export function makePT(key, framing = () => ({})) {
  const image = (file, alt, extra = {}) => ({ _type: 'image', _sanityAsset: `image@file://./images/${file}`, alt, ...framing(file), ...extra });

  function spans(text, markDefs) {
    const children = [];
    const active = [];
    let buf = '';
    const flush = (extraMarks = []) => {
      if (buf) children.push({ _type: 'span', _key: key(), text: buf, marks: [...active, ...extraMarks] });
      buf = '';
    };
    let i = 0;
    while (i < text.length) {
      if (text[i] === '[') {
        const m = /^\[([^\]]+)\]\(([^)]+)\)/.exec(text.slice(i));
        if (m) {
          flush();
          const k = key();
          const target = m[2];
          markDefs.push(
            target.startsWith('@')
              ? { _key: k, _type: 'link', type: 'internalLink', page: { _type: 'reference', _ref: target.slice(1) } }
              : { _key: k, _type: 'link', type: 'externalLink', href: target },
          );
          buf = m[1];
          flush([k]);
          i += m[0].length;
          continue;
        }
      }
      const d = DECOS.find(([tok]) => text.startsWith(tok, i));
      if (d) {
        flush();
        const at = active.indexOf(d[1]);
        if (at >= 0) active.splice(at, 1);
        else active.push(d[1]);
        i += d[0].length;
        continue;
      }
      buf += text[i++];
    }
    flush();
    if (!children.length) children.push({ _type: 'span', _key: key(), text: '', marks: [] });
    return children;
  }

  function block(style, text, list) {
    const markDefs = [];
    const b = { _type: 'block', _key: key(), style, markDefs, children: spans(text, markDefs) };
    if (list) Object.assign(b, list);
    return b;
  }

  /** Lines of markup -> Portable Text blocks. */
  function rt(...lines) {
    return lines.flat().map((line) => {
      let m;
      if ((m = /^!\[([^\]]*)\]\(([^)]+)\)$/.exec(line))) return { ...image(m[2], m[1]), _key: key() };
      if ((m = /^(#{1,6}) (.*)$/.exec(line))) return block(`h${m[1].length}`, m[2]);
      if (line.startsWith('> ')) return block('blockquote', line.slice(2));
      if ((m = /^( *)- (.*)$/.exec(line))) return block('normal', m[2], { listItem: 'bullet', level: m[1].length / 2 + 1 });
      if ((m = /^( *)\d+\. (.*)$/.exec(line))) return block('normal', m[2], { listItem: 'number', level: m[1].length / 2 + 1 });
      return block('normal', line);
    });
  }

  return { rt, image };
}
