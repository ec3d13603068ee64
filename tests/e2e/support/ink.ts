import type { Page } from "./test";

/** Two neighbouring letters of a heading and the clear space between their ink, in CSS px. */
export type InkPair = { heading: string; pair: string; gap: number; fontSize: number };

/**
 * The narrowest clear space between the ink of each two neighbouring letters of every visible
 * element matching `selector`, as the browser set them. Where each letter sits comes from the
 * layout (a Range per character: kerning and letter-spacing included); what ink it lays down
 * comes from drawing that letter alone, in the element's computed font, on a canvas at the same
 * offset. Per pixel row the right edge of the first letter's ink and the left edge of the
 * second's are read to a fraction of a pixel (from the anti-aliased coverage); the pair's gap is
 * the smallest difference over the rows both letters ink. A gap of 0 or less: they touch.
 * Rows, not boxes: a kerned pair such as "Ty" tucks one letter under the other's arm without
 * touching, which boxes would call a collision.
 */
export function inkGaps(page: Page, selector: string): Promise<InkPair[]> {
  return page.evaluate(async (selector) => {
    const pairs: InkPair[] = [];
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;

    /** Per pixel row, the ink's left and right edges (fractional), or null where it has none. */
    const rows = (glyph: string, x: number, baseline: number, width: number, height: number) => {
      ctx.clearRect(0, 0, width, height);
      ctx.fillText(glyph, x, baseline);
      const { data } = ctx.getImageData(0, 0, width, height);
      const edges: ({ left: number; right: number } | null)[] = [];
      for (let y = 0; y < height; y++) {
        let left = -1;
        let right = -1;
        for (let px = 0; px < width; px++) {
          if (data[(y * width + px) * 4 + 3]! === 0) continue;
          if (left < 0) left = px;
          right = px;
        }
        if (left < 0) {
          edges.push(null);
          continue;
        }
        const alpha = (px: number) => data[(y * width + px) * 4 + 3]! / 255;
        edges.push({ left: left + 1 - alpha(left), right: right + alpha(right) });
      }
      return edges;
    };

    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ opacityProperty: true })) continue;
      type Letter = { char: string; x: number; line: number; font: string; size: number };
      const letters: (Letter | null)[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text) {
        const style = getComputedStyle(node.parentElement!);
        const size = parseFloat(style.fontSize);
        const font = `${style.fontStyle} ${style.fontWeight} ${size}px ${style.fontFamily}`;
        await document.fonts.load(font, node.data);
        for (const match of node.data.matchAll(/./gsu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = range.getClientRects();
          // A space (or a letter split over lines) ends a run of neighbours.
          letters.push(
            /\S/u.test(match[0]) && rects.length === 1
              ? { char: match[0], x: rects[0]!.left, line: rects[0]!.top, font, size }
              : null,
          );
        }
      }
      for (let i = 0; i + 1 < letters.length; i++) {
        const a = letters[i];
        const b = letters[i + 1];
        if (!a || !b || Math.abs(a.line - b.line) > 1) continue;
        const pad = Math.ceil(a.size * 0.5);
        const width = Math.ceil(b.x - a.x + a.size * 1.5) + 2 * pad;
        const height = Math.ceil(a.size * 1.6);
        canvas.width = width;
        canvas.height = height;
        ctx.font = a.font;
        const baseline = Math.round(a.size * 1.15);
        // The letters' offset keeps the layout's fraction of a pixel, so anti-aliasing matches.
        const ax = pad + (a.x % 1);
        const first = rows(a.char, ax, baseline, width, height);
        ctx.font = b.font;
        const second = rows(b.char, ax + (b.x - a.x), baseline, width, height);
        let gap = Infinity;
        first.forEach((row, y) => {
          const other = second[y];
          if (row && other) gap = Math.min(gap, other.left - row.right);
        });
        if (gap !== Infinity) {
          const heading = (element.textContent ?? "").trim().replace(/\s+/g, " ");
          pairs.push({ heading, pair: a.char + b.char, gap, fontSize: a.size });
        }
      }
    }
    return pairs;
  }, selector);
}
