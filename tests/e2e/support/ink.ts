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
    type Edges = ({ left: number; right: number } | null)[];

    /**
     * Per pixel row, the ink's left and right edges (fractional, from the canvas's left), or null
     * where it has none, of `glyph` drawn at `x` in a canvas `width` by `height`.
     */
    const rows = (
      glyph: string,
      font: string,
      x: number,
      baseline: number,
      width: number,
      height: number,
    ) => {
      canvas.width = width;
      canvas.height = height;
      ctx.font = font;
      ctx.fillText(glyph, x, baseline);
      const { data } = ctx.getImageData(0, 0, width, height);
      const alpha = (y: number, px: number) => data[(y * width + px) * 4 + 3]!;
      const edges: Edges = [];
      for (let y = 0; y < height; y++) {
        let left = 0;
        while (left < width && alpha(y, left) === 0) left++;
        if (left === width) {
          edges.push(null);
          continue;
        }
        let right = width - 1;
        while (alpha(y, right) === 0) right--;
        edges.push({ left: left + 1 - alpha(y, left) / 255, right: right + alpha(y, right) / 255 });
      }
      return edges;
    };

    /**
     * A letter's ink drawn alone, at the fraction of a pixel the layout put it at (so the
     * anti-aliasing matches), in a box the heading's largest letter fits. A letter drawn a whole
     * number of pixels further along has the same ink, moved: each letter of a pair is drawn
     * once, and a letter that comes again is not drawn again.
     */
    const drawn = new Map<string, Edges>();
    type Letter = { char: string; x: number; line: number; font: string; size: number };
    const ink = (letter: Letter, size: number) => {
      const fraction = letter.x - Math.floor(letter.x);
      const key = `${letter.font}|${letter.char}|${fraction}|${size}`;
      let edges = drawn.get(key);
      if (!edges) {
        const pad = Math.ceil(size * 0.5);
        const [width, height] = [Math.ceil(size * 1.5) + 2 * pad, Math.ceil(size * 1.6)];
        const baseline = Math.round(size * 1.15);
        edges = rows(letter.char, letter.font, pad + fraction, baseline, width, height);
        drawn.set(key, edges);
      }
      return edges;
    };

    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ opacityProperty: true })) continue;
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
      const size = Math.max(0, ...letters.map((letter) => letter?.size ?? 0));
      const heading = (element.textContent ?? "").trim().replace(/\s+/g, " ");
      for (let i = 0; i + 1 < letters.length; i++) {
        const a = letters[i];
        const b = letters[i + 1];
        if (!a || !b || Math.abs(a.line - b.line) > 1) continue;
        const first = ink(a, size);
        const second = ink(b, size);
        // Both drawn from the same left edge: the second sits this many whole pixels further on.
        const shift = Math.floor(b.x) - Math.floor(a.x);
        let gap = Infinity;
        first.forEach((row, y) => {
          const other = second[y];
          if (row && other) gap = Math.min(gap, other.left + shift - row.right);
        });
        if (gap !== Infinity) pairs.push({ heading, pair: a.char + b.char, gap, fontSize: a.size });
      }
    }
    return pairs;
  }, selector);
}
