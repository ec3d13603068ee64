// Printed things: typographic posters (optionally on a wall) and identity boards.
import { rng, T, R, C, svgDoc, f } from '../lib.mjs';
import { shadowDef, lin, fit, lum, drawMark, wrapText } from './shared.mjs';

/** Typographic poster, optionally shown hanging on a wall (mockup). */
export function poster(w, h, o) {
  const { pal, lines = ['POSTER'], sub = '', meta = [], family = 'Inter', weight = 900, shape = 'circles', wall = null, seed = 'p' } = o;
  const r = rng(seed);
  let pw = w,
    ph = h,
    ox = 0,
    oy = 0;
  let defs = shadowDef('sh', Math.max(w, h) * 0.012, 0.35, Math.max(w, h) * 0.01);
  if (wall) {
    ph = h * 0.78;
    pw = ph * 0.707;
    if (pw > w * 0.7) {
      pw = w * 0.7;
      ph = pw / 0.707;
    }
    ox = (w - pw) / 2;
    oy = (h - ph) / 2 - h * 0.02;
  }
  let art = '';
  const [bg, fg, a1, a2] = pal;
  art += R(0, 0, pw, ph, bg);
  if (shape === 'circles') {
    for (let i = 0; i < 7; i++) art += C(r.range(0, pw), r.range(ph * 0.1, ph * 0.7), r.range(pw * 0.08, pw * 0.38), i % 2 ? a1 : a2, `opacity="${f(r.range(0.82, 1))}"`);
  } else if (shape === 'waves') {
    for (let i = 0; i < 22; i++) {
      const y0 = ph * 0.08 + i * ph * 0.03;
      let d = `M0 ${f(y0)}`;
      for (let x = 0; x <= pw; x += pw / 40) d += ` L${f(x)} ${f(y0 + Math.sin(x / pw * Math.PI * 3 + i * 0.35) * ph * 0.03)}`;
      art += `<path d="${d}" fill="none" stroke="${i % 5 === 0 ? a1 : a2}" stroke-width="${f(pw * 0.006)}"/>`;
    }
  } else if (shape === 'grid') {
    const n = 6;
    const s = pw / n;
    for (let y = 0; y < 5; y++)
      for (let x = 0; x < n; x++) {
        const k = r();
        const cx = x * s,
          cy = ph * 0.05 + y * s;
        if (k < 0.3) art += `<path d="M${f(cx)} ${f(cy + s)} A${f(s)} ${f(s)} 0 0 1 ${f(cx + s)} ${f(cy)} L${f(cx + s)} ${f(cy + s)}Z" fill="${a1}"/>`;
        else if (k < 0.5) art += C(cx + s / 2, cy + s / 2, s * 0.42, a2);
        else if (k < 0.62) art += R(cx, cy, s, s, a2);
      }
  } else if (shape === 'stripes') {
    for (let i = 0; i < 14; i++) art += R(0, ph * 0.06 + i * ph * 0.045, pw * r.range(0.3, 1), ph * 0.022, i % 3 ? a1 : a2);
  } else if (shape === 'burst') {
    const cx = pw * 0.5,
      cy = ph * 0.38;
    for (let i = 0; i < 48; i++) {
      const ang = (i / 48) * Math.PI * 2;
      art += `<line x1="${f(cx)}" y1="${f(cy)}" x2="${f(cx + Math.cos(ang) * pw)}" y2="${f(cy + Math.sin(ang) * pw)}" stroke="${i % 2 ? a1 : a2}" stroke-width="${f(pw * 0.012)}"/>`;
    }
    art += C(cx, cy, pw * 0.16, bg);
  }
  // headline
  const size = Math.min(...lines.map((l) => fit(l, pw * 0.88, family === 'Bebas Neue' ? 0.42 : 0.62)), ph * 0.16);
  const baseY = ph * 0.9 - (lines.length - 1) * size * 0.92 - (sub ? size * 0.5 : 0);
  lines.forEach((l, i) => (art += T(pw * 0.06, baseY + i * size * 0.92, l, { size, weight, family, fill: fg, ls: -size * 0.02 })));
  if (sub) art += T(pw * 0.06, baseY + (lines.length - 1) * size * 0.92 + size * 0.62, sub, { size: Math.min(size * 0.24, fit(sub, pw * 0.88, 0.52)), weight: 500, family: 'Inter', fill: fg });
  meta.forEach((m, i) => (art += T(i === 0 ? pw * 0.06 : pw * 0.94, ph * 0.05, m, { size: pw * 0.022, weight: 600, fill: fg, anchor: i === 0 ? 'start' : 'end', ls: 1 })));
  if (!wall) return svgDoc(w, h, art, defs);
  defs += lin('wallg', wall[0], wall[1], 1, 1);
  const body = `${R(0, 0, w, h, 'url(#wallg)')}${R(0, h * 0.9, w, h * 0.1, wall[1], 'opacity="0.55"')}<g transform="translate(${f(ox)} ${f(oy)})" filter="url(#sh)"><clipPath id="pc"><rect width="${f(pw)}" height="${f(ph)}"/></clipPath><g clip-path="url(#pc)">${art}</g></g>`;
  return svgDoc(w, h, body, defs);
}

// ---------------------------------------------------------------- identity board
export function identity(w, h, o) {
  const { pal, name, tagline = '', family = 'Inter', weight = 800, mark = 'circle', seed = 'id' } = o;
  const [bg, fg, a1, a2, a3 = '#ffffff'] = pal;
  // The board is at most 4:3, centred on the table: a 4:3 card or slide cut from a wider
  // picture keeps all of it.
  const bwid = Math.min(w, (h * 4) / 3);
  const x0 = (w - bwid) / 2;
  const g = Math.min(bwid, h) * 0.02;
  const cw = (bwid - g * 4) / 3,
    ch = (h - g * 3) / 2;
  let b = R(0, 0, w, h, '#ECEAE6');
  const cell = (cx, cy, cwid, chgt, fill, inner) => `<g transform="translate(${f(x0 + cx)} ${f(cy)})">${R(0, 0, cwid, chgt, fill)}${inner}</g>`;
  // big mark tile (2 cols)
  const bw = cw * 2 + g;
  const mk = drawMark(mark, bw * 0.18, fg, a1);
  const nameSize = Math.min(fit(name, bw * 0.55, 0.6), ch * 0.3);
  b += cell(g, g, bw, ch, bg, `<g transform="translate(${f(bw * 0.16)} ${f(ch / 2)})">${mk}</g>${T(bw * 0.32, ch / 2 + nameSize * 0.35, name, { size: nameSize, weight, family, fill: fg, ls: -nameSize * 0.03 })}`);
  // swatches tile
  const sw = [bg, fg, a1, a2];
  let s = '';
  sw.forEach((c, i) => {
    s += R(0, (i * ch) / 4, cw, ch / 4, c);
    s += T(cw * 0.06, (i * ch) / 4 + ch / 8 + cw * 0.02, c.toUpperCase(), { size: cw * 0.05, family: 'JetBrains Mono', fill: lum(c) > 0.55 ? '#111' : '#fff', weight: 500 });
  });
  b += cell(g * 3 + cw * 2, g, cw, ch, bg, s);
  // type specimen
  const dk = lum(bg) < lum(fg) ? bg : fg;
  b += cell(g, g * 2 + ch, cw, ch, a3, `${T(cw * 0.08, ch * 0.55, 'Aa', { size: ch * 0.45, family, weight, fill: dk })}${T(cw * 0.08, ch * 0.72, family, { size: cw * 0.06, fill: dk, weight: 600 })}${T(cw * 0.08, ch * 0.82, 'ABCDEFGHIJKLMNOPQR', { size: cw * 0.045, fill: dk, family })}${T(cw * 0.08, ch * 0.89, 'abcdefghijklmnopqr 0123456789', { size: cw * 0.045, fill: dk, family })}`);
  // pattern tile
  const r = rng(seed);
  let p = '';
  const n = 5,
    sz = cw / n;
  for (let y = 0; y < Math.ceil(ch / sz); y++)
    for (let x = 0; x < n; x++) {
      const rot = r.int(0, 3) * 90;
      p += `<g transform="translate(${f(x * sz + sz / 2)} ${f(y * sz + sz / 2)}) rotate(${rot})"><path d="M${f(-sz / 2)} ${f(-sz / 2)} A${f(sz)} ${f(sz)} 0 0 1 ${f(sz / 2)} ${f(sz / 2)} L${f(-sz / 2)} ${f(sz / 2)}Z" fill="${(x + y) % 2 ? a1 : a2}"/></g>`;
    }
  b += cell(g * 2 + cw, g * 2 + ch, cw, ch, fg, `<clipPath id="pt"><rect width="${f(cw)}" height="${f(ch)}"/></clipPath><g clip-path="url(#pt)">${p}</g>`);
  // business card / tagline tile
  b += cell(g * 3 + cw * 2, g * 2 + ch, cw, ch, a1, `<g transform="translate(${f(cw * 0.14)} ${f(ch * 0.22)})">${drawMark(mark, cw * 0.1, bg, fg)}</g>${wrapText(tagline, cw * 0.08, ch * 0.62, cw * 0.84, cw * 0.065, { family, weight: 700, fill: bg })}`);
  return svgDoc(w, h, b);
}
