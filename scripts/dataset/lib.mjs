// Shared helpers for the dataset generators: seeded randomness, keys, SVG snippets, rendering.
import sharp from 'sharp';

/** mulberry32: small, fast, deterministic PRNG. */
export function rng(seed) {
  let a = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + next() * (hi - lo);
  next.int = (lo, hi) => Math.floor(lo + next() * (hi - lo + 1));
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}

export function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A key generator producing unique 12-char hex keys from a seed. */
export function keyMaker(seed) {
  const r = rng(seed);
  const seen = new Set();
  return () => {
    let k;
    do {
      k = '';
      for (let i = 0; i < 12; i++) k += Math.floor(r() * 16).toString(16);
    } while (seen.has(k));
    seen.add(k);
    return k;
  };
}

export const esc = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const f = (n) => Math.round(n * 10) / 10;

/** <text> helper. */
export function T(x, y, str, o = {}) {
  const {
    size = 24,
    weight = 400,
    family = 'Inter',
    fill = '#000',
    anchor = 'start',
    ls = 0,
    opacity = 1,
    style = 'normal',
    extra = '',
  } = o;
  return `<text x="${f(x)}" y="${f(y)}" font-family="${family}" font-weight="${weight}" font-style="${style}" font-size="${f(size)}" fill="${fill}" text-anchor="${anchor}" letter-spacing="${f(ls)}" opacity="${opacity}" ${extra}>${esc(str)}</text>`;
}

export const R = (x, y, w, h, fill, o = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${o}/>`;
export const C = (x, y, r, fill, o = '') => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}" ${o}/>`;

export function svgDoc(w, h, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** Sum-of-sines 2D field, deterministic per seed: smooth, cheap "noise". */
export function field(seed, octaves = 4) {
  const r = rng(seed);
  const waves = [];
  for (let i = 0; i < octaves; i++) {
    waves.push({
      fx: r.range(0.5, 2.5) * (i + 1),
      fy: r.range(0.5, 2.5) * (i + 1),
      px: r.range(0, Math.PI * 2),
      py: r.range(0, Math.PI * 2),
      a: 1 / (i + 1),
    });
  }
  const norm = waves.reduce((s, w) => s + w.a, 0);
  return (x, y) => {
    let v = 0;
    for (const w of waves) v += w.a * Math.sin(x * w.fx + w.px + Math.cos(y * w.fy + w.py) * 1.3);
    return v / norm;
  };
}

let grainTile = null;
function grain() {
  if (grainTile) return grainTile;
  const size = 256;
  const r = rng('grain');
  const buf = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const v = Math.floor(r() * 255);
    buf[i * 4] = v;
    buf[i * 4 + 1] = v;
    buf[i * 4 + 2] = v;
    buf[i * 4 + 3] = 255;
  }
  grainTile = { buf, size };
  return grainTile;
}

/**
 * Render an SVG string to a file. Adds a subtle film grain (soft-light) unless grain === 0.
 * format: 'jpg' | 'png'.
 */
export async function renderSvg(svg, file, { format = 'jpg', grainAmount = 0.09, quality = 80 } = {}) {
  let img = sharp(Buffer.from(svg), { density: 72, limitInputPixels: false });
  if (grainAmount > 0) {
    const g = grain();
    // scale the noise around mid-grey to control its strength
    const scaled = Buffer.from(g.buf);
    for (let i = 0; i < scaled.length; i += 4) {
      const v = 128 + (scaled[i] - 128) * grainAmount * 2.2;
      scaled[i] = scaled[i + 1] = scaled[i + 2] = Math.max(0, Math.min(255, Math.round(v)));
    }
    const base = await img.png().toBuffer();
    img = sharp(base).composite([
      { input: scaled, raw: { width: g.size, height: g.size, channels: 4 }, tile: true, blend: 'soft-light' },
    ]);
  }
  if (format === 'png') await img.png({ compressionLevel: 9, palette: false }).toFile(file);
  else await img.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toFile(file);
}
