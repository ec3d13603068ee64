// SVG art generators. Each takes (w, h, opts) and returns an SVG string.
// Everything is drawn from seeded randomness so regeneration is byte-for-byte stable in shape.
import { rng, T, R, C, svgDoc, field, f, esc } from './lib.mjs';

const shadowDef = (id, blur = 30, opacity = 0.28, dy = 20) =>
  `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="o"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

const lin = (id, c1, c2, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`;

const fit = (text, maxW, k = 0.6) => maxW / (Math.max(1, text.length) * k);
export const lum = (hex) => {
  const n = parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
};

// ---------------------------------------------------------------- posters
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

export function drawMark(kind, s, fg, acc) {
  switch (kind) {
    case 'wave':
      return `${C(0, 0, s, fg)}<clipPath id="wv${Math.round(s)}"><circle r="${s}"/></clipPath><path d="M${-s} ${s * 0.1} q${s * 0.5} ${-s * 0.4} ${s} 0 t${s} 0 L${s} ${s} L${-s} ${s}Z" fill="${acc}" clip-path="url(#wv${Math.round(s)})"/>`;
    case 'bean':
      return `<ellipse rx="${f(s * 0.75)}" ry="${f(s)}" fill="${fg}" transform="rotate(-20)"/><path d="M${f(-s * 0.1)} ${f(-s)} C${f(s * 0.4)} ${f(-s * 0.3)} ${f(-s * 0.4)} ${f(s * 0.3)} ${f(s * 0.1)} ${f(s)}" stroke="${acc}" stroke-width="${f(s * 0.12)}" fill="none" transform="rotate(-20)"/>`;
    case 'peak':
      return `<path d="M${-s} ${s * 0.8} L${-s * 0.2} ${-s * 0.8} L${s * 0.25} ${0} L${s * 0.5} ${-s * 0.35} L${s} ${s * 0.8}Z" fill="${fg}"/><path d="M${-s * 0.2} ${-s * 0.8} L${s * 0.05} ${-s * 0.3} L${-s * 0.45} ${-s * 0.3}Z" fill="${acc}"/>`;
    case 'hex':
      return `<polygon points="${[0, 1, 2, 3, 4, 5].map((i) => `${f(Math.cos((i * Math.PI) / 3) * s)},${f(Math.sin((i * Math.PI) / 3) * s)}`).join(' ')}" fill="${fg}"/><polygon points="${[0, 1, 2, 3, 4, 5].map((i) => `${f(Math.cos((i * Math.PI) / 3) * s * 0.45)},${f(Math.sin((i * Math.PI) / 3) * s * 0.45)}`).join(' ')}" fill="${acc}"/>`;
    case 'pot':
      return `<path d="M${-s * 0.45} ${-s} L${s * 0.45} ${-s} C${s * 0.4} ${-s * 0.6} ${s} ${-s * 0.4} ${s} ${s * 0.2} C${s} ${s * 0.8} ${s * 0.5} ${s} 0 ${s} C${-s * 0.5} ${s} ${-s} ${s * 0.8} ${-s} ${s * 0.2} C${-s} ${-s * 0.4} ${-s * 0.4} ${-s * 0.6} ${-s * 0.45} ${-s}Z" fill="${fg}"/>${R(-s, s * 0.05, s * 2, s * 0.14, acc)}`;
    case 'book':
      return `${R(-s, -s * 0.75, s * 0.9, s * 1.5, fg)}${R(s * 0.1, -s * 0.75, s * 0.9, s * 1.5, acc)}`;
    case 'spark':
      return `<path d="M0 ${-s} L${s * 0.22} ${-s * 0.22} L${s} 0 L${s * 0.22} ${s * 0.22} L0 ${s} L${-s * 0.22} ${s * 0.22} L${-s} 0 L${-s * 0.22} ${-s * 0.22}Z" fill="${fg}"/>${C(0, 0, s * 0.16, acc)}`;
    case 'arch':
      return `<path d="M${-s * 0.8} ${s} L${-s * 0.8} ${-s * 0.1} A${s * 0.8} ${s * 0.8} 0 0 1 ${s * 0.8} ${-s * 0.1} L${s * 0.8} ${s}Z" fill="${fg}"/><path d="M${-s * 0.35} ${s} L${-s * 0.35} ${s * 0.1} A${s * 0.35} ${s * 0.35} 0 0 1 ${s * 0.35} ${s * 0.1} L${s * 0.35} ${s}Z" fill="${acc}"/>`;
    case 'ice':
      return `<polygon points="${-s},${s * 0.7} ${-s * 0.3},${-s} ${s * 0.2},${-s * 0.2} ${s},${s * 0.7}" fill="${fg}"/>${R(-s, s * 0.35, s * 2, s * 0.12, acc)}`;
    case 'n':
      return `${C(0, 0, s, fg)}<path d="M${-s * 0.4} ${s * 0.45} L${-s * 0.4} ${-s * 0.45} L${s * 0.4} ${s * 0.45} L${s * 0.4} ${-s * 0.45}" stroke="${acc}" stroke-width="${f(s * 0.18)}" fill="none" stroke-linejoin="round"/>`;
    default:
      return `${C(0, 0, s, fg)}${C(s * 0.35, -s * 0.35, s * 0.35, acc)}`;
  }
}

export function wrapText(text, x, y, maxW, size, o = {}) {
  const words = String(text).split(' ');
  const perLine = Math.max(4, Math.floor(maxW / (size * (o.k ?? 0.55))));
  const lines = [];
  let cur = '';
  for (const wd of words) {
    if ((cur + ' ' + wd).trim().length > perLine) {
      lines.push(cur.trim());
      cur = wd;
    } else cur += ' ' + wd;
  }
  if (cur.trim()) lines.push(cur.trim());
  return lines.map((l, i) => T(x, y + i * size * (o.lh ?? 1.2), l, { size, ...o })).join('');
}

// ---------------------------------------------------------------- UI screens
/** An app screen (w x h, local coordinates) for phone mockups. */
export function appScreen(w, h, o) {
  const { pal, kind = 'list', title = 'Today', big = '', seed = 's', family = 'Inter' } = o;
  const [bg, fg, a1, a2] = pal;
  const r = rng(seed);
  const u = w / 100;
  let s = R(0, 0, w, h, bg);
  // status bar
  s += T(u * 8, u * 9, '9:41', { size: u * 4.2, weight: 600, fill: fg });
  s += R(w - u * 18, u * 5.5, u * 10, u * 4, fg, `rx="${f(u)}" opacity="0.85"`);
  s += T(u * 8, u * 24, title, { size: u * 8.5, weight: 800, fill: fg, family, ls: -u * 0.2 });
  let y = u * 32;
  if (kind === 'money') {
    s += T(u * 8, y + u * 6, 'Balance', { size: u * 4, fill: fg, opacity: 0.6 });
    s += T(u * 8, y + u * 20, big || '€4,218.40', { size: u * 12, weight: 800, fill: fg, ls: -u * 0.4 });
    y += u * 30;
    // chart
    let d = `M${f(u * 8)} ${f(y + u * 30)}`;
    const pts = [];
    for (let i = 0; i <= 12; i++) pts.push([u * 8 + (i * u * 84) / 12, y + u * 30 - (i * u * 1.4 + r.range(0, u * 10))]);
    pts.forEach((p) => (d += ` L${f(p[0])} ${f(p[1])}`));
    s += `<path d="${d} L${f(u * 92)} ${f(y + u * 34)} L${f(u * 8)} ${f(y + u * 34)}Z" fill="${a1}" opacity="0.25"/><path d="${d.replace(/^M[^L]+/, `M${f(pts[0][0])} ${f(pts[0][1])}`)}" fill="none" stroke="${a1}" stroke-width="${f(u * 1.2)}" stroke-linejoin="round"/>`;
    y += u * 42;
    ['Groceries', 'Rent pot', 'Bus pass', 'Salary', 'Coffee'].forEach((t, i) => {
      s += R(u * 8, y, u * 84, u * 15, fg, `rx="${f(u * 3)}" opacity="0.06"`);
      s += C(u * 16, y + u * 7.5, u * 4, i === 3 ? a1 : a2);
      s += T(u * 24, y + u * 9, t, { size: u * 4.2, weight: 600, fill: fg });
      s += T(u * 88, y + u * 9, (i === 3 ? '+' : '−') + '€' + (r.range(3, i === 3 ? 3200 : 140)).toFixed(2), { size: u * 4.2, weight: 600, fill: i === 3 ? a1 : fg, anchor: 'end' });
      y += u * 18;
    });
  } else if (kind === 'ticket') {
    s += R(u * 8, y, u * 84, u * 70, a1, `rx="${f(u * 5)}"`);
    s += T(u * 14, y + u * 12, 'DEPARTURE', { size: u * 3.4, weight: 700, fill: bg, ls: u * 0.5 });
    s += T(u * 14, y + u * 28, big || 'SEY → TOR', { size: u * 10, weight: 800, fill: bg });
    s += T(u * 14, y + u * 40, 'Today · 07:45 · Deck 4', { size: u * 4.2, fill: bg, weight: 500 });
    for (let i = 0; i < 20; i++) s += R(u * 14 + i * u * 3.6, y + u * 50, u * (r() > 0.5 ? 2.2 : 1), u * 14, bg);
    y += u * 80;
    ['Cabin 412 · 2 berths', 'Vehicle · Estate car', 'Breakfast at 07:00'].forEach((t) => {
      s += R(u * 8, y, u * 84, u * 14, fg, `rx="${f(u * 3)}" opacity="0.07"`);
      s += T(u * 14, y + u * 8.6, t, { size: u * 4.2, weight: 600, fill: fg });
      s += T(u * 86, y + u * 8.6, '›', { size: u * 6, fill: a2, anchor: 'end' });
      y += u * 17;
    });
  } else if (kind === 'cards') {
    for (let i = 0; i < 3; i++) {
      const ch = u * 42;
      s += R(u * 8, y, u * 84, ch, i % 2 ? a2 : a1, `rx="${f(u * 4)}"`);
      s += C(u * 76, y + u * 16, u * 10, bg, 'opacity="0.35"');
      s += T(u * 14, y + ch - u * 16, ['Now showing', 'Audio tour', 'Family trail'][i], { size: u * 3.6, weight: 600, fill: bg, ls: u * 0.3 });
      s += T(u * 14, y + ch - u * 7, ['The Herring Years', 'Voices of the Harbour', 'Find the twelve knots'][i], { size: u * 5.8, weight: 800, fill: bg, family });
      y += ch + u * 5;
    }
  } else if (kind === 'lineup') {
    s += T(u * 8, y + u * 6, 'FRI 17 JAN', { size: u * 4, weight: 700, fill: a1, ls: u * 0.5 });
    y += u * 12;
    ['23:40  HULDA', '22:30  Blue Fjords', '21:15  Sólstafir Youth Choir', '20:00  KRAKK', '19:10  Ösp & Brim'].forEach((t, i) => {
      s += R(u * 8, y, u * 84, u * 16, i === 0 ? a1 : fg, `rx="${f(u * 2)}" opacity="${i === 0 ? 1 : 0.08}"`);
      s += T(u * 13, y + u * 10, t, { size: u * 5, weight: 700, fill: i === 0 ? bg : fg, family });
      y += u * 19;
    });
    s += R(u * 8, y + u * 4, u * 84, u * 30, a2, `rx="${f(u * 3)}"`);
    s += T(u * 14, y + u * 22, 'Harpa · Main hall →', { size: u * 5, weight: 700, fill: bg });
  } else {
    // list / search (library)
    s += R(u * 8, y, u * 84, u * 12, fg, `rx="${f(u * 6)}" opacity="0.08"`);
    s += T(u * 15, y + u * 7.8, 'Search books, films, events…', { size: u * 4, fill: fg, opacity: 0.55 });
    y += u * 20;
    const covers = [a1, a2, fg, a1];
    for (let i = 0; i < 3; i++) s += R(u * 8 + i * u * 29, y, u * 26, u * 38, covers[i], `rx="${f(u * 1.5)}"`);
    y += u * 46;
    ['Reserved · ready for pickup', 'Due back Thursday', 'Story hour · Saturday 11:00', 'Renew all loans'].forEach((t, i) => {
      s += C(u * 12, y + u * 5, u * 2.2, i === 0 ? a1 : a2);
      s += T(u * 18, y + u * 6.6, t, { size: u * 4.3, weight: i === 0 ? 700 : 500, fill: fg });
      s += R(u * 8, y + u * 12, u * 84, u * 0.3, fg, 'opacity="0.15"');
      y += u * 15;
    });
  }
  // tab bar
  s += R(0, h - u * 18, w, u * 18, fg, 'opacity="0.04"');
  for (let i = 0; i < 4; i++) s += C(w * (0.16 + i * 0.225), h - u * 9, u * 2.6, i === 0 ? a1 : fg, `opacity="${i === 0 ? 1 : 0.35}"`);
  return s;
}

export function phones(w, h, o) {
  const { pal, bg, screens, seed = 'ph', tilt = 0 } = o;
  const n = screens.length;
  // A single phone in a tall picture stays short enough for a box of about 3:4 to hold it.
  const ph = n === 1 ? Math.min(h * 0.78, w * 1.2) : h * 0.72;
  const pw = ph * 0.49;
  const gap = pw * 0.18;
  const total = n * pw + (n - 1) * gap;
  let b = '';
  const defs = shadowDef('psh', ph * 0.03, 0.35, ph * 0.03) + (Array.isArray(bg) ? lin('pbg', bg[0], bg[1], 1, 1) : '');
  b += R(0, 0, w, h, Array.isArray(bg) ? 'url(#pbg)' : bg);
  // decorative backdrop shape
  b += C(w * 0.78, h * 0.2, h * 0.42, pal[2], 'opacity="0.18"');
  screens.forEach((sc, i) => {
    const x = (w - total) / 2 + i * (pw + gap);
    const y = (h - ph) / 2 + (n === 3 && i !== 1 ? ph * 0.06 : 0);
    const bez = pw * 0.045;
    b += `<g transform="translate(${f(x)} ${f(y)}) rotate(${tilt} ${f(pw / 2)} ${f(ph / 2)})" filter="url(#psh)">`;
    b += R(0, 0, pw, ph, '#111', `rx="${f(pw * 0.14)}"`);
    b += `<clipPath id="sc${i}"><rect x="${f(bez)}" y="${f(bez)}" width="${f(pw - bez * 2)}" height="${f(ph - bez * 2)}" rx="${f(pw * 0.11)}"/></clipPath>`;
    b += `<g clip-path="url(#sc${i})"><g transform="translate(${f(bez)} ${f(bez)})">${appScreen(pw - bez * 2, ph - bez * 2, { pal, seed: seed + i, ...sc })}</g></g>`;
    b += R(pw * 0.36, bez + pw * 0.025, pw * 0.28, pw * 0.075, '#111', `rx="${f(pw * 0.04)}"`);
    b += '</g>';
  });
  return svgDoc(w, h, b, defs);
}

// ---------------------------------------------------------------- web page in laptop / browser
export function webPage(w, h, o) {
  const { pal, brand, headline = [], family = 'Inter', weight = 800, seed = 'w', variant = 'hero', nav = ['Work', 'About', 'Visit', 'Shop'] } = o;
  const [bg, fg, a1, a2] = pal;
  const r = rng(seed);
  const u = w / 100;
  let s = R(0, 0, w, h, bg);
  s += T(u * 4, u * 4.2, brand, { size: u * 2.2, weight: 800, fill: fg, family });
  nav.forEach((n, i) => (s += T(u * 96 - (nav.length - 1 - i) * u * 8, u * 4.2, n, { size: u * 1.4, weight: 500, fill: fg, anchor: 'end' })));
  if (variant === 'hero') {
    const hs = Math.min(u * 6.5, ...headline.map((l) => fit(l, u * 58, 0.58)));
    headline.forEach((l, i) => (s += T(u * 4, u * 14 + hs + i * hs * 1.02, l, { size: hs, weight, fill: fg, family, ls: -hs * 0.03 })));
    s += R(u * 4, u * 14 + hs * (headline.length + 0.8), u * 14, u * 3.6, a1, `rx="${f(u * 1.8)}"`);
    s += T(u * 11, u * 14 + hs * (headline.length + 0.8) + u * 2.4, 'Explore →', { size: u * 1.3, weight: 700, fill: bg, anchor: 'middle' });
    s += R(u * 66, u * 10, u * 30, h - u * 14, a2, `rx="${f(u * 0.8)}"`);
    for (let i = 0; i < 5; i++) s += C(u * 66 + r.range(0, u * 30), u * 10 + r.range(0, h - u * 14), r.range(u * 3, u * 9), a1, 'opacity="0.55"');
    const gy = h * 0.74;
    for (let i = 0; i < 3; i++) {
      s += R(u * 4 + i * u * 20.5, gy, u * 19, h * 0.14, i % 2 ? a2 : a1, `rx="${f(u * 0.6)}" opacity="${0.9 - i * 0.2}"`);
      s += R(u * 4 + i * u * 20.5, gy + h * 0.16, u * 12, u * 0.9, fg, 'opacity="0.5"');
    }
  } else if (variant === 'grid') {
    const hs = Math.min(u * 4.4, ...headline.map((l) => fit(l, u * 90, 0.58)));
    headline.forEach((l, i) => (s += T(u * 4, u * 12 + hs + i * hs * 1.05, l, { size: hs, weight, fill: fg, family, ls: -hs * 0.02 })));
    const top = u * 14 + hs * (headline.length + 0.6);
    const cols = 4,
      cw = (u * 92 - (cols - 1) * u * 1.5) / cols;
    for (let i = 0; i < 8; i++) {
      const cx = u * 4 + (i % cols) * (cw + u * 1.5),
        cy = top + Math.floor(i / cols) * (cw * 0.95 + u * 4);
      if (cy + cw * 0.8 > h) continue;
      s += R(cx, cy, cw, cw * 0.8, [a1, a2, fg, a1][(i + (i >> 2)) % 4], `opacity="${i % 3 === 2 ? 0.85 : 1}"`);
      s += C(cx + cw * r.range(0.3, 0.7), cy + cw * 0.4, cw * r.range(0.12, 0.26), bg, 'opacity="0.3"');
      s += R(cx, cy + cw * 0.84, cw * 0.6, u * 0.9, fg, 'opacity="0.7"');
    }
  } else if (variant === 'data') {
    s += T(u * 4, u * 12, headline[0] || '', { size: u * 3.2, weight, fill: fg, family });
    // map-ish panel + chart panel
    s += R(u * 4, u * 16, u * 56, h - u * 20, a2, `opacity="0.18" rx="${f(u)}"`);
    const fl = field(seed + 'map', 3);
    for (let k = 0; k < 14; k++) {
      let d = '';
      for (let i = 0; i <= 40; i++) {
        const x = u * 6 + (i / 40) * u * 52;
        const yy = u * 20 + k * ((h - u * 28) / 14) + fl(i / 12, k / 4) * u * 3;
        d += (i ? ' L' : 'M') + f(x) + ' ' + f(yy);
      }
      s += `<path d="${d}" stroke="${a2}" stroke-width="${f(u * 0.15)}" fill="none"/>`;
    }
    for (let i = 0; i < 9; i++) s += C(u * r.range(8, 56), r.range(u * 20, h - u * 8), u * r.range(0.5, 1.6), a1);
    s += R(u * 62, u * 16, u * 34, u * 14, fg, `rx="${f(u)}" opacity="0.05"`);
    s += T(u * 64, u * 22, 'Mass balance 2024', { size: u * 1.3, fill: fg, opacity: 0.7 });
    s += T(u * 64, u * 28, '−1.42 m w.e.', { size: u * 3, weight: 800, fill: a1 });
    let d = '';
    for (let i = 0; i <= 30; i++) d += (i ? ' L' : 'M') + f(u * 64 + (i / 30) * u * 30) + ' ' + f(u * 36 + (i / 30) * u * 14 + Math.sin(i * 1.3) * u * 1.5);
    s += R(u * 62, u * 33, u * 34, h - u * 37, fg, `rx="${f(u)}" opacity="0.05"`);
    s += `<path d="${d}" fill="none" stroke="${a1}" stroke-width="${f(u * 0.35)}"/>`;
  }
  return s;
}

export function laptop(w, h, o) {
  const { bg, page } = o;
  const lw = w * 0.8,
    sh = lw * 0.6;
  const x = (w - lw) / 2,
    y = (h - sh) / 2 - h * 0.04;
  const bez = lw * 0.018;
  const defs = shadowDef('lsh', w * 0.012, 0.3, w * 0.01) + (Array.isArray(bg) ? lin('lbg', bg[0], bg[1], 1, 1) : '');
  let b = R(0, 0, w, h, Array.isArray(bg) ? 'url(#lbg)' : bg);
  b += `<g filter="url(#lsh)">`;
  b += R(x, y, lw, sh, '#1b1b1d', `rx="${f(lw * 0.02)}"`);
  b += `<g transform="translate(${f(x + bez)} ${f(y + bez)})"><clipPath id="lc"><rect width="${f(lw - bez * 2)}" height="${f(sh - bez * 2)}"/></clipPath><g clip-path="url(#lc)">${webPage(lw - bez * 2, sh - bez * 2, page)}</g></g>`;
  b += `<path d="M${f(x - lw * 0.08)} ${f(y + sh)} L${f(x + lw * 1.08)} ${f(y + sh)} L${f(x + lw * 1.05)} ${f(y + sh + lw * 0.03)} L${f(x - lw * 0.05)} ${f(y + sh + lw * 0.03)}Z" fill="#c9c9cc"/>`;
  b += R(x + lw * 0.42, y + sh, lw * 0.16, lw * 0.008, '#a9a9ae', `rx="${f(lw * 0.004)}"`);
  b += '</g>';
  return svgDoc(w, h, b, defs);
}

export function browser(w, h, o) {
  const { bg, page, url = 'example.com' } = o;
  const bw = w * 0.86,
    bh = h * 0.82;
  const x = (w - bw) / 2,
    y = (h - bh) / 2;
  const bar = bh * 0.06;
  const defs = shadowDef('bsh', w * 0.01, 0.25, w * 0.008) + (Array.isArray(bg) ? lin('bbg', bg[0], bg[1], 1, 1) : '');
  let b = R(0, 0, w, h, Array.isArray(bg) ? 'url(#bbg)' : bg);
  b += `<g filter="url(#bsh)" transform="translate(${f(x)} ${f(y)})">${R(0, 0, bw, bh, '#f2f2f4', `rx="${f(bw * 0.01)}"`)}`;
  ['#ff5f57', '#febc2e', '#28c840'].forEach((c, i) => (b += C(bar * 0.6 + i * bar * 0.45, bar / 2, bar * 0.13, c)));
  b += R(bw * 0.3, bar * 0.22, bw * 0.4, bar * 0.56, '#e2e2e6', `rx="${f(bar * 0.28)}"`);
  b += T(bw / 2, bar * 0.62, url, { size: bar * 0.32, fill: '#555', anchor: 'middle' });
  b += `<g transform="translate(0 ${f(bar)})"><clipPath id="bc"><rect width="${f(bw)}" height="${f(bh - bar)}"/></clipPath><g clip-path="url(#bc)">${webPage(bw, bh - bar, page)}</g></g></g>`;
  return svgDoc(w, h, b, defs);
}

// ---------------------------------------------------------------- generative
export function flowField(w, h, o) {
  const { pal, seed = 'ff', lines = 700, steps = 60, width = 1.6, title = null, family = 'Inter' } = o;
  const r = rng(seed);
  const fl = field(seed, 4);
  const s = Math.max(w, h);
  let b = R(0, 0, w, h, pal[0]);
  const defs = `<radialGradient id="glow" cx="0.7" cy="0.35" r="0.8"><stop offset="0" stop-color="${pal[1]}" stop-opacity="0.35"/><stop offset="1" stop-color="${pal[0]}" stop-opacity="0"/></radialGradient>`;
  b += R(0, 0, w, h, 'url(#glow)');
  for (let i = 0; i < lines; i++) {
    let x = r.range(-0.1, 1.1) * w,
      y = r.range(-0.1, 1.1) * h;
    let d = `M${f(x)} ${f(y)}`;
    const len = r.range(0.4, 1) * steps;
    for (let k = 0; k < len; k++) {
      const a = fl((x / s) * 3, (y / s) * 3) * Math.PI * 2;
      x += Math.cos(a) * s * 0.006;
      y += Math.sin(a) * s * 0.006;
      d += ` L${f(x)} ${f(y)}`;
    }
    const c = pal[1 + (i % (pal.length - 1))];
    b += `<path d="${d}" fill="none" stroke="${c}" stroke-width="${f(width * (s / 1600) * r.range(0.4, 1.6))}" stroke-linecap="round" opacity="${f(r.range(0.35, 0.95))}"/>`;
  }
  if (title) {
    const sz = Math.min(fit(title, w * 0.8, 0.6), h * 0.18);
    b += T(w * 0.06, h * 0.92, title, { size: sz, weight: 900, fill: pal[pal.length - 1] === pal[0] ? '#fff' : '#ffffff', family, ls: -sz * 0.03 });
  }
  return svgDoc(w, h, b, defs);
}

export function contours(w, h, o) {
  const { pal, seed = 'ct', levels = 26, label = null, markers = [] } = o;
  const r = rng(seed);
  const s = Math.max(w, h);
  const centres = Array.from({ length: 4 }, () => [r.range(0.1, 0.9) * w, r.range(0.1, 0.9) * h, r.range(0.3, 0.6) * s]);
  const fl = field(seed, 3);
  let b = R(0, 0, w, h, pal[0]);
  centres.forEach(([cx, cy, rad], ci) => {
    for (let l = 1; l <= levels / 2; l++) {
      const rr = (rad * l) / (levels / 2);
      let d = '';
      for (let i = 0; i <= 90; i++) {
        const a = (i / 90) * Math.PI * 2;
        const k = 1 + 0.22 * fl(Math.cos(a) * 1.5 + ci, Math.sin(a) * 1.5 + l * 0.12);
        d += (i ? ' L' : 'M') + f(cx + Math.cos(a) * rr * k) + ' ' + f(cy + Math.sin(a) * rr * k * 0.8);
      }
      b += `<path d="${d}Z" fill="none" stroke="${l % 5 === 0 ? pal[2] : pal[1]}" stroke-width="${f(s * (l % 5 === 0 ? 0.0018 : 0.0009))}" opacity="0.9"/>`;
    }
  });
  markers.forEach(([mx, my, t]) => {
    b += C(mx * w, my * h, s * 0.006, pal[3]) + C(mx * w, my * h, s * 0.016, 'none', `stroke="${pal[3]}" stroke-width="${f(s * 0.0015)}"`);
    b += T(mx * w + s * 0.022, my * h + s * 0.006, t, { size: s * 0.016, weight: 600, fill: pal[2], family: 'JetBrains Mono' });
  });
  if (label) {
    b += R(w * 0.05, h - s * 0.1, s * 0.34, s * 0.06, pal[2]);
    b += T(w * 0.05 + s * 0.02, h - s * 0.06, label, { size: s * 0.02, weight: 700, fill: pal[0], family: 'JetBrains Mono', ls: 1 });
  }
  return svgDoc(w, h, b);
}

export function gradientType(w, h, o) {
  const { pal, text = '', sub = '', seed = 'g', family = 'Inter', weight = 800, align = 'left' } = o;
  const r = rng(seed);
  let defs = '';
  let b = R(0, 0, w, h, pal[0]);
  for (let i = 0; i < 5; i++) {
    defs += `<radialGradient id="rg${i}"><stop offset="0" stop-color="${pal[1 + (i % (pal.length - 1))]}" stop-opacity="0.9"/><stop offset="1" stop-color="${pal[1 + (i % (pal.length - 1))]}" stop-opacity="0"/></radialGradient>`;
    b += `<ellipse cx="${f(r.range(0, w))}" cy="${f(r.range(0, h))}" rx="${f(r.range(0.3, 0.7) * w)}" ry="${f(r.range(0.3, 0.7) * h)}" fill="url(#rg${i})"/>`;
  }
  if (text) {
    const lines = text.split('\n');
    const sz = Math.min(...lines.map((l) => fit(l, w * 0.84, 0.58)), h * 0.2);
    const y0 = h / 2 - ((lines.length - 1) * sz) / 2 + sz * 0.3;
    lines.forEach((l, i) => (b += T(align === 'center' ? w / 2 : w * 0.08, y0 + i * sz, l, { size: sz, weight, family, fill: '#fff', anchor: align === 'center' ? 'middle' : 'start', ls: -sz * 0.03 })));
    if (sub) b += T(align === 'center' ? w / 2 : w * 0.08, y0 + (lines.length - 1) * sz + sz * 0.8, sub, { size: sz * 0.2, weight: 500, fill: '#fff', anchor: align === 'center' ? 'middle' : 'start', opacity: 0.85 });
  }
  return svgDoc(w, h, b, defs);
}

export function bauhaus(w, h, o) {
  const { pal, seed = 'b', cols = 6 } = o;
  const r = rng(seed);
  const s = w / cols;
  const rows = Math.ceil(h / s);
  let b = R(0, 0, w, h, pal[0]);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      const c1 = r.pick(pal),
        c2 = r.pick(pal.filter((c) => c !== c1));
      const cx = x * s,
        cy = y * s;
      b += R(cx, cy, s, s, c1);
      const k = r.int(0, 4);
      const rot = r.int(0, 3) * 90;
      const g = `transform="rotate(${rot} ${f(cx + s / 2)} ${f(cy + s / 2)})"`;
      if (k === 0) b += C(cx + s / 2, cy + s / 2, s * 0.42, c2);
      else if (k === 1) b += `<path d="M${f(cx)} ${f(cy)} A${f(s)} ${f(s)} 0 0 1 ${f(cx + s)} ${f(cy + s)} L${f(cx)} ${f(cy + s)}Z" fill="${c2}" ${g}/>`;
      else if (k === 2) b += `<path d="M${f(cx)} ${f(cy)} L${f(cx + s)} ${f(cy)} L${f(cx)} ${f(cy + s)}Z" fill="${c2}" ${g}/>`;
      else if (k === 3) b += `<path d="M${f(cx)} ${f(cy + s / 2)} A${f(s / 2)} ${f(s / 2)} 0 0 1 ${f(cx + s)} ${f(cy + s / 2)}Z" fill="${c2}" ${g}/>`;
      else b += R(cx + s * 0.25, cy, s * 0.5, s, c2, g);
    }
  return svgDoc(w, h, b);
}

// ---------------------------------------------------------------- objects
export function coffeeBags(w, h, o) {
  const { bags, seed = 'cb', brand = 'ØGN' } = o;
  const [bg, floor] = o.scene;
  const r = rng(seed);
  const bh = h * 0.62,
    bw = bh * 0.62;
  const gap = bw * 0.14;
  const total = bags.length * bw + (bags.length - 1) * gap;
  const defs = shadowDef('cs', h * 0.02, 0.3, h * 0.012) + lin('bg', bg, floor);
  let b = R(0, 0, w, h, 'url(#bg)') + R(0, h * 0.78, w, h * 0.22, floor);
  bags.forEach((bag, i) => {
    const x = (w - total) / 2 + i * (bw + gap),
      y = h * 0.8 - bh;
    const [c, ink, acc] = bag.colors;
    b += `<g filter="url(#cs)" transform="translate(${f(x)} ${f(y)})">`;
    b += `<path d="M${f(bw * 0.04)} 0 L${f(bw * 0.96)} 0 L${f(bw)} ${f(bh)} L0 ${f(bh)}Z" fill="${c}"/>`;
    b += R(bw * 0.04, 0, bw * 0.92, bh * 0.06, ink, 'opacity="0.15"');
    b += R(bw * 0.04, bh * 0.075, bw * 0.92, bh * 0.012, ink, 'opacity="0.25"');
    // label
    b += `<g transform="translate(${f(bw * 0.12)} ${f(bh * 0.2)})">${R(0, 0, bw * 0.76, bh * 0.62, acc)}`;
    b += T(bw * 0.38, bh * 0.13, brand, { size: bw * 0.16, weight: 900, fill: ink, anchor: 'middle', family: 'League Spartan', ls: bw * 0.01 });
    b += R(bw * 0.08, bh * 0.17, bw * 0.6, bh * 0.004, ink);
    b += `<g transform="translate(${f(bw * 0.38)} ${f(bh * 0.33)})">${drawMark('bean', bw * 0.1, ink, acc)}</g>`;
    b += T(bw * 0.38, bh * 0.49, bag.name, { size: bw * 0.085, weight: 700, fill: ink, anchor: 'middle' });
    b += T(bw * 0.38, bh * 0.55, bag.notes, { size: bw * 0.045, weight: 500, fill: ink, anchor: 'middle', opacity: 0.8 });
    b += T(bw * 0.38, bh * 0.59, '250 g · whole bean', { size: bw * 0.04, fill: ink, anchor: 'middle', opacity: 0.7, family: 'JetBrains Mono' });
    b += '</g></g>';
  });
  // scattered beans
  for (let i = 0; i < 26; i++) {
    const x = r.range(0.05, 0.95) * w,
      y = r.range(0.82, 0.97) * h;
    b += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(r.range(0, 180))})">${drawMark('bean', h * 0.012, '#3B2218', '#1f120c')}</g>`;
  }
  return svgDoc(w, h, b, defs);
}

export function vessels(w, h, o) {
  const { pal, seed = 've', count = 4 } = o;
  const [wallc, floor, ...glazes] = pal;
  const r = rng(seed);
  const defs = shadowDef('vs', h * 0.015, 0.25, h * 0.01) + lin('vw', wallc, floor);
  let b = R(0, 0, w, h, 'url(#vw)');
  const plinthY = h * 0.72;
  b += R(0, plinthY, w, h - plinthY, floor);
  b += `<ellipse cx="${f(w * 0.5)}" cy="${f(h * 0.3)}" rx="${f(w * 0.35)}" ry="${f(h * 0.3)}" fill="#fff" opacity="0.18"/>`;
  // The vessels stand together in the middle, at most 1.25 × the height wide, so a 4:3 cut of a
  // wide picture keeps them all.
  const span = Math.min(w, h * 1.25);
  const slot = span / (count + 1);
  for (let i = 0; i < count; i++) {
    const cx = (w - span) / 2 + slot * (i + 1) + r.range(-slot * 0.1, slot * 0.1);
    const vh = h * r.range(0.22, 0.42),
      vw = vh * r.range(0.45, 0.95);
    const g = glazes[i % glazes.length];
    const neck = vw * r.range(0.18, 0.35),
      belly = r.range(0.35, 0.65);
    const y0 = plinthY - vh;
    const d = `M${f(cx - neck)} ${f(y0)} C${f(cx - neck)} ${f(y0 + vh * 0.2)} ${f(cx - vw / 2)} ${f(y0 + vh * (belly - 0.2))} ${f(cx - vw / 2)} ${f(y0 + vh * belly)} C${f(cx - vw / 2)} ${f(y0 + vh * 0.9)} ${f(cx - vw * 0.3)} ${f(plinthY)} ${f(cx - vw * 0.22)} ${f(plinthY)} L${f(cx + vw * 0.22)} ${f(plinthY)} C${f(cx + vw * 0.3)} ${f(plinthY)} ${f(cx + vw / 2)} ${f(y0 + vh * 0.9)} ${f(cx + vw / 2)} ${f(y0 + vh * belly)} C${f(cx + vw / 2)} ${f(y0 + vh * (belly - 0.2))} ${f(cx + neck)} ${f(y0 + vh * 0.2)} ${f(cx + neck)} ${f(y0)}Z`;
    b += `<g filter="url(#vs)"><path d="${d}" fill="${g}"/></g>`;
    b += `<clipPath id="vc${i}"><path d="${d}"/></clipPath><g clip-path="url(#vc${i})">${R(cx - vw, y0 + vh * r.range(0.35, 0.6), vw * 2, vh, floor, 'opacity="0.45"')}${R(cx + vw * 0.12, y0, vw, vh, '#000', 'opacity="0.12"')}${R(cx - vw * 0.34, y0, vw * 0.06, vh, '#fff', 'opacity="0.18"')}</g>`;
    b += `<ellipse cx="${f(cx)}" cy="${f(y0)}" rx="${f(neck)}" ry="${f(neck * 0.18)}" fill="#000" opacity="0.35"/>`;
  }
  return svgDoc(w, h, b, defs);
}

export function hexColumns(w, h, o) {
  const { pal, seed = 'hx' } = o;
  const r = rng(seed);
  const s = Math.max(w, h) * 0.045;
  let b = R(0, 0, w, h, pal[0]);
  const hw = Math.sqrt(3) * s;
  for (let row = -1; row < h / (s * 1.5) + 1; row++)
    for (let col = -1; col < w / hw + 1; col++) {
      const cx = col * hw + (row % 2 ? hw / 2 : 0),
        cy = row * s * 1.5;
      const shade = r();
      const fill = shade < 0.15 ? pal[3] : shade < 0.55 ? pal[1] : pal[2];
      const pts = [0, 1, 2, 3, 4, 5].map((i) => `${f(cx + Math.cos(((i + 0.5) * Math.PI) / 3) * s * 0.94)},${f(cy + Math.sin(((i + 0.5) * Math.PI) / 3) * s * 0.94)}`).join(' ');
      b += `<polygon points="${pts}" fill="${fill}"/>`;
      b += `<polygon points="${[0, 1, 2, 3, 4, 5].map((i) => `${f(cx + Math.cos(((i + 0.5) * Math.PI) / 3) * s * 0.6)},${f(cy + Math.sin(((i + 0.5) * Math.PI) / 3) * s * 0.6)}`).join(' ')}" fill="#000" opacity="${f(r.range(0.04, 0.14))}"/>`;
    }
  return svgDoc(w, h, b);
}

export function elevation(w, h, o) {
  // architectural drawing: elevation + section lines on paper
  const { pal, seed = 'el', title = 'Elevation' } = o;
  const r = rng(seed);
  const [paper, ink, acc] = pal;
  let b = R(0, 0, w, h, paper);
  const gs = w / 40;
  for (let x = 0; x < w; x += gs) b += R(x, 0, 0.6, h, ink, 'opacity="0.08"');
  for (let y = 0; y < h; y += gs) b += R(0, y, w, 0.6, ink, 'opacity="0.08"');
  const ground = h * 0.74;
  b += R(w * 0.05, ground, w * 0.9, w * 0.002, ink);
  // building massing
  let x = w * 0.12;
  const lw = w * 0.0016;
  while (x < w * 0.82) {
    const bw = r.range(0.08, 0.18) * w,
      bh = r.range(0.18, 0.5) * h;
    const roof = r() > 0.5;
    b += `<path d="M${f(x)} ${f(ground)} L${f(x)} ${f(ground - bh)} ${roof ? `L${f(x + bw / 2)} ${f(ground - bh - bw * 0.35)}` : ''} L${f(x + bw)} ${f(ground - bh)} L${f(x + bw)} ${f(ground)}" fill="${r() > 0.7 ? acc : 'none'}" fill-opacity="0.85" stroke="${ink}" stroke-width="${f(lw * 1.6)}"/>`;
    const wn = Math.floor(bw / (w * 0.025));
    for (let i = 0; i < wn; i++) for (let j = 0; j < Math.floor(bh / (h * 0.07)); j++) b += R(x + w * 0.008 + i * w * 0.025, ground - bh + h * 0.03 + j * h * 0.07, w * 0.012, h * 0.04, 'none', `stroke="${ink}" stroke-width="${f(lw)}"`);
    x += bw + r.range(0.005, 0.03) * w;
  }
  b += T(w * 0.05, h * 0.88, title.toUpperCase(), { size: w * 0.016, weight: 600, fill: ink, family: 'JetBrains Mono', ls: 2 });
  b += T(w * 0.95, h * 0.88, '1 : 200', { size: w * 0.016, weight: 600, fill: ink, family: 'JetBrains Mono', anchor: 'end' });
  b += R(w * 0.05, h * 0.9, w * 0.2, w * 0.004, ink);
  return svgDoc(w, h, b);
}

export function dataViz(w, h, o) {
  const { pal, seed = 'dv', title = '', unit = '', years = [1995, 2025], annotation = '' } = o;
  const [bg, ink, acc, soft] = pal;
  const r = rng(seed);
  const m = { l: w * 0.1, r: w * 0.06, t: h * 0.22, b: h * 0.14 };
  let b = R(0, 0, w, h, bg);
  b += T(m.l, h * 0.1, title, { size: Math.min(w * 0.04, fit(title, w * 0.8, 0.55)), weight: 800, fill: ink });
  b += T(m.l, h * 0.1 + w * 0.035, unit, { size: w * 0.016, fill: ink, opacity: 0.65, family: 'JetBrains Mono' });
  const n = years[1] - years[0];
  const pw = w - m.l - m.r,
    ph = h - m.t - m.b;
  for (let i = 0; i <= 4; i++) {
    const y = m.t + (i / 4) * ph;
    b += R(m.l, y, pw, 1.2, ink, 'opacity="0.15"');
    b += T(m.l - w * 0.01, y + w * 0.005, String(-i * 10), { size: w * 0.013, fill: ink, anchor: 'end', opacity: 0.6, family: 'JetBrains Mono' });
  }
  let v = 0;
  const pts = [];
  for (let i = 0; i <= n; i++) {
    v += r.range(0.2, 1.6) * (i / n + 0.4);
    pts.push([m.l + (i / n) * pw, m.t + Math.min(1, v / 40) * ph]);
  }
  pts.forEach(([x, y], i) => (b += R(x - pw / n / 2 + 1, m.t, pw / n - 2, y - m.t, i > n - 5 ? acc : soft, 'opacity="0.9"')));
  b += `<path d="${pts.map((p, i) => (i ? 'L' : 'M') + f(p[0]) + ' ' + f(p[1])).join(' ')}" fill="none" stroke="${ink}" stroke-width="${f(w * 0.0025)}"/>`;
  for (let i = 0; i <= n; i += 5) b += T(m.l + (i / n) * pw, h - m.b + w * 0.025, String(years[0] + i), { size: w * 0.013, fill: ink, anchor: 'middle', family: 'JetBrains Mono', opacity: 0.7 });
  if (annotation) {
    const [x, y] = pts[n - 2];
    b += C(x, y, w * 0.006, acc) + `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - w * 0.18)}" y2="${f(y + h * 0.08)}" stroke="${ink}" stroke-width="1.5"/>`;
    b += T(x - w * 0.185, y + h * 0.08 + w * 0.006, annotation, { size: w * 0.016, weight: 700, fill: ink, anchor: 'end' });
  }
  return svgDoc(w, h, b);
}

// ---------------------------------------------------------------- studio / culture
export function isoDesk(w, h, o) {
  const { pal, seed = 'iso' } = o;
  const [bg, top, side, acc, acc2, ink] = pal;
  const r = rng(seed);
  // Scale and place the scene (rug to monitor top: 126 × 106.5 units, centred 6.5 left of and
  // 15.75 above the origin) so all of it is in the picture, with a margin, at any ratio.
  const u = Math.min((w * 0.84) / 126, (h * 0.84) / 106.5);
  const iso = (x, y, z) => [w / 2 + 6.5 * u + (x - y) * u * 0.87, h / 2 + 15.75 * u + (x + y) * u * 0.5 - z * u];
  const P = (pts) => pts.map((p) => iso(...p)).map(([a, c]) => `${f(a)},${f(c)}`).join(' ');
  const box = (x, y, z, dx, dy, dz, cTop, cL, cR) =>
    `<polygon points="${P([[x, y, z + dz], [x + dx, y, z + dz], [x + dx, y + dy, z + dz], [x, y + dy, z + dz]])}" fill="${cTop}"/>` +
    `<polygon points="${P([[x, y + dy, z], [x + dx, y + dy, z], [x + dx, y + dy, z + dz], [x, y + dy, z + dz]])}" fill="${cL}"/>` +
    `<polygon points="${P([[x + dx, y, z], [x + dx, y + dy, z], [x + dx, y + dy, z + dz], [x + dx, y, z + dz]])}" fill="${cR}"/>`;
  let b = R(0, 0, w, h, bg);
  b += `<polygon points="${P([[-60, -60, 0], [60, -60, 0], [60, 60, 0], [-60, 60, 0]])}" fill="${ink}" opacity="0.06"/>`;
  // rug
  b += `<polygon points="${P([[-40, -30, 0], [35, -30, 0], [35, 40, 0], [-40, 40, 0]])}" fill="${acc2}" opacity="0.5"/>`;
  // shelf with books
  b += box(-52, -40, 0, 40, 8, 2, top, side, ink);
  let bx = -50;
  for (let i = 0; i < 9; i++) {
    const bw = r.range(2, 4);
    b += box(bx, -39, 2, bw, 6, r.range(9, 15), r.pick([acc, acc2, '#f2c230', '#fff', ink]), side, ink);
    bx += bw + 0.4;
  }
  // desk legs + top
  for (const [lx, ly] of [[-30, -14], [28, -14], [-30, 14], [28, 14]]) b += box(lx, ly, 0, 2, 2, 28, side, ink, side);
  b += box(-32, -16, 28, 62, 32, 2.5, top, side, ink);
  // monitor
  b += box(-8, -12, 30.5, 10, 6, 1, '#ddd', '#bbb', '#999');
  b += box(-2, -11, 31.5, 1.5, 3, 10, '#bbb', '#999', '#888');
  b += `<polygon points="${P([[-16, -10, 38], [12, -10, 38], [12, -10, 56], [-16, -10, 56]])}" fill="#1b1b1d"/>`;
  b += `<polygon points="${P([[-15, -10.2, 39], [11, -10.2, 39], [11, -10.2, 55], [-15, -10.2, 55]])}" fill="${acc}"/>`;
  for (let i = 0; i < 4; i++) b += `<polygon points="${P([[-13, -10.4, 51 - i * 3.2], [-13 + r.range(8, 20), -10.4, 51 - i * 3.2], [-13 + r.range(8, 20), -10.4, 52.2 - i * 3.2], [-13, -10.4, 52.2 - i * 3.2]])}" fill="#fff" opacity="0.85"/>`;
  // keyboard, mug, plant, notebook, lamp
  b += box(-10, 2, 30.5, 18, 6, 1, '#f4f4f4', '#ccc', '#bbb');
  b += box(16, 4, 30.5, 5, 5, 6, acc2, side, ink);
  b += box(-28, -2, 30.5, 12, 9, 0.8, '#fff', '#ddd', '#ccc');
  b += box(-27, -1, 31.3, 10, 7, 0.2, acc, acc, acc);
  b += box(20, -12, 30.5, 6, 6, 7, '#b86b4b', '#8f4f36', '#a15c40');
  for (let i = 0; i < 7; i++) {
    const [px, py] = iso(23, -9, 37.5);
    b += `<ellipse cx="${f(px + r.range(-5, 5) * u)}" cy="${f(py - r.range(2, 10) * u)}" rx="${f(u * 2.2)}" ry="${f(u * 4.5)}" fill="#2f6b45" transform="rotate(${f(r.range(-40, 40))} ${f(px)} ${f(py)})"/>`;
  }
  // chair
  b += box(-6, 20, 0, 2, 2, 16, ink, ink, ink);
  b += box(-14, 16, 16, 18, 12, 3, acc, side, ink);
  b += box(-14, 27, 16, 18, 2, 20, acc, side, ink);
  return svgDoc(w, h, b);
}

export function sketchbook(w, h, o) {
  const { pal, seed = 'sk', ink = '#1d2b8f' } = o;
  const r = rng(seed);
  const [desk, paper, acc] = pal;
  const defs = shadowDef('nb', w * 0.01, 0.3, w * 0.006);
  let b = R(0, 0, w, h, desk);
  const nx = w * 0.1,
    ny = h * 0.1,
    nw = w * 0.8,
    nh = h * 0.8;
  b += `<g filter="url(#nb)" transform="rotate(-3 ${f(w / 2)} ${f(h / 2)})">${R(nx, ny, nw, nh, paper, `rx="${f(w * 0.008)}"`)}`;
  for (let x = nx + nw * 0.03; x < nx + nw; x += nw * 0.025) for (let y = ny + nh * 0.04; y < ny + nh; y += nw * 0.025) b += C(x, y, w * 0.0012, ink, 'opacity="0.25"');
  b += R(nx + nw / 2 - 1, ny, 2, nh, '#000', 'opacity="0.12"');
  const wob = (x1, y1, x2, y2) => {
    const mx = (x1 + x2) / 2 + r.range(-3, 3),
      my = (y1 + y2) / 2 + r.range(-3, 3);
    return `M${f(x1)} ${f(y1)} Q${f(mx)} ${f(my)} ${f(x2)} ${f(y2)}`;
  };
  const rect = (x, y, ww, hh) => wob(x, y, x + ww, y) + wob(x + ww, y, x + ww, y + hh) + wob(x + ww, y + hh, x, y + hh) + wob(x, y + hh, x, y);
  let d = '';
  // left page: phone wireframes
  for (let i = 0; i < 3; i++) {
    const px = nx + nw * (0.05 + i * 0.145),
      py = ny + nh * 0.12;
    const pw = nw * 0.12,
      ph = nh * 0.48;
    d += rect(px, py, pw, ph);
    d += rect(px + pw * 0.1, py + ph * 0.1, pw * 0.8, ph * 0.3);
    for (let k = 0; k < 4; k++) d += wob(px + pw * 0.1, py + ph * (0.5 + k * 0.1), px + pw * r.range(0.5, 0.9), py + ph * (0.5 + k * 0.1));
    if (i < 2) d += wob(px + pw * 1.05, py + ph * 0.3, px + pw * 1.2, py + ph * 0.3) + wob(px + pw * 1.2, py + ph * 0.3, px + pw * 1.14, py + ph * 0.27);
  }
  // right page: logo explorations
  for (let i = 0; i < 6; i++) {
    const cx = nx + nw * (0.6 + (i % 3) * 0.13),
      cy = ny + nh * (0.25 + Math.floor(i / 3) * 0.3);
    const rr = nw * 0.045;
    if (i % 3 === 0) d += `M${f(cx - rr)} ${f(cy)} A${f(rr)} ${f(rr)} 0 1 1 ${f(cx - rr)} ${f(cy + 0.1)}`;
    if (i % 3 === 1) d += rect(cx - rr, cy - rr, rr * 2, rr * 2);
    if (i % 3 === 2) d += wob(cx - rr, cy + rr, cx, cy - rr) + wob(cx, cy - rr, cx + rr, cy + rr) + wob(cx + rr, cy + rr, cx - rr, cy + rr);
  }
  b += `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${f(w * 0.0018)}" stroke-linecap="round"/>`;
  b += C(nx + nw * 0.73, ny + nh * 0.55, nw * 0.06, 'none', `stroke="${acc}" stroke-width="${f(w * 0.004)}"`);
  b += T(nx + nw * 0.05, ny + nh * 0.72, 'onboarding v3 — fewer steps!', { size: w * 0.02, fill: ink, family: 'EB Garamond', style: 'italic' });
  b += T(nx + nw * 0.57, ny + nh * 0.75, 'mark: keep the arch?', { size: w * 0.02, fill: ink, family: 'EB Garamond', style: 'italic' });
  b += R(nx + nw * 0.55, ny + nh * 0.8, nw * 0.16, nh * 0.1, '#f6d743', 'transform="rotate(4)" opacity="0.9"');
  b += '</g>';
  // pencil
  b += `<g transform="translate(${f(w * 0.78)} ${f(h * 0.86)}) rotate(-35)">${R(0, 0, w * 0.22, w * 0.014, acc)}<polygon points="${f(w * 0.22)},0 ${f(w * 0.245)},${f(w * 0.007)} ${f(w * 0.22)},${f(w * 0.014)}" fill="#e8c9a0"/></g>`;
  return svgDoc(w, h, b, defs);
}

export function swatches(w, h, o) {
  const { colors, bg = '#EFEDE8', seed = 'sw' } = o;
  const r = rng(seed);
  const defs = shadowDef('ss', w * 0.006, 0.22, w * 0.004);
  let b = R(0, 0, w, h, bg);
  const cw = w * 0.2,
    ch = cw * 2.1;
  colors.forEach((c, i) => {
    const ang = -40 + (i * 80) / (colors.length - 1);
    b += `<g filter="url(#ss)" transform="translate(${f(w * 0.5)} ${f(h * 0.92)}) rotate(${f(ang)})"><g transform="translate(${f(-cw / 2)} ${f(-ch - h * 0.12)})">${R(0, 0, cw, ch, '#fff', `rx="${f(cw * 0.04)}"`)}${R(cw * 0.06, cw * 0.06, cw * 0.88, ch * 0.72, c)}${T(cw * 0.08, ch * 0.84, c.toUpperCase(), { size: cw * 0.1, weight: 700, fill: '#222', family: 'JetBrains Mono' })}${T(cw * 0.08, ch * 0.93, 'Lintur ' + String(100 + i * 7), { size: cw * 0.08, fill: '#666' })}</g></g>`;
  });
  b += C(w * 0.5, h * 0.92, w * 0.008, '#888');
  void r;
  return svgDoc(w, h, b, defs);
}

export function stickyWall(w, h, o) {
  const { pal, seed = 'sw', notes = [] } = o;
  const r = rng(seed);
  const defs = shadowDef('ns', w * 0.004, 0.2, w * 0.003);
  let b = R(0, 0, w, h, pal[0]);
  const cols = ['Listen', 'Define', 'Make', 'Ship'];
  const cw = w / 4;
  cols.forEach((c, i) => {
    b += T(i * cw + cw * 0.1, h * 0.1, c.toUpperCase(), { size: w * 0.022, weight: 800, fill: pal[1], ls: 2 });
    if (i) b += R(i * cw, h * 0.05, 2, h * 0.9, pal[1], 'opacity="0.2"');
    for (let k = 0; k < 4; k++) {
      const x = i * cw + cw * r.range(0.06, 0.3),
        y = h * 0.15 + k * h * 0.2 + r.range(-8, 8);
      const s = cw * 0.62;
      const col = r.pick(pal.slice(2));
      b += `<g filter="url(#ns)" transform="rotate(${f(r.range(-4, 4))} ${f(x + s / 2)} ${f(y + s / 2)})">${R(x, y, s, s * 0.82, col)}`;
      const t = notes[(i * 4 + k) % Math.max(1, notes.length)] || '';
      b += wrapText(t, x + s * 0.08, y + s * 0.22, s * 0.84, s * 0.11, { family: 'Karla', weight: 700, fill: '#1d1d1f', k: 0.5 });
      b += '</g>';
    }
  });
  return svgDoc(w, h, b, defs);
}

export function portraitBlob(w, h, o) {
  // abstract illustrative "person" — head, shoulders, geometric background; no real likeness
  const { pal, seed = 'pb' } = o;
  const r = rng(seed);
  const [bg, skin, shirt, hair, acc] = pal;
  let b = R(0, 0, w, h, bg);
  b += C(w * r.range(0.2, 0.8), h * r.range(0.15, 0.4), w * 0.35, acc, 'opacity="0.8"');
  b += R(0, h * 0.78, w, h * 0.22, acc, 'opacity="0.35"');
  const cx = w / 2;
  b += `<path d="M${f(cx - w * 0.38)} ${f(h)} C${f(cx - w * 0.36)} ${f(h * 0.72)} ${f(cx - w * 0.2)} ${f(h * 0.66)} ${f(cx)} ${f(h * 0.66)} C${f(cx + w * 0.2)} ${f(h * 0.66)} ${f(cx + w * 0.36)} ${f(h * 0.72)} ${f(cx + w * 0.38)} ${f(h)}Z" fill="${shirt}"/>`;
  b += R(cx - w * 0.06, h * 0.52, w * 0.12, h * 0.16, skin);
  b += `<ellipse cx="${f(cx)}" cy="${f(h * 0.42)}" rx="${f(w * 0.16)}" ry="${f(h * 0.15)}" fill="${skin}"/>`;
  const style = r.int(0, 2);
  if (style === 0) b += `<path d="M${f(cx - w * 0.17)} ${f(h * 0.42)} C${f(cx - w * 0.19)} ${f(h * 0.22)} ${f(cx + w * 0.19)} ${f(h * 0.22)} ${f(cx + w * 0.17)} ${f(h * 0.42)} C${f(cx + w * 0.1)} ${f(h * 0.33)} ${f(cx - w * 0.1)} ${f(h * 0.33)} ${f(cx - w * 0.17)} ${f(h * 0.42)}Z" fill="${hair}"/>`;
  else if (style === 1) b += C(cx, h * 0.3, w * 0.17, hair) + `<ellipse cx="${f(cx)}" cy="${f(h * 0.45)}" rx="${f(w * 0.15)}" ry="${f(h * 0.12)}" fill="${skin}"/>`;
  else b += `<path d="M${f(cx - w * 0.2)} ${f(h * 0.6)} C${f(cx - w * 0.26)} ${f(h * 0.2)} ${f(cx + w * 0.26)} ${f(h * 0.2)} ${f(cx + w * 0.2)} ${f(h * 0.6)} L${f(cx + w * 0.14)} ${f(h * 0.44)} C${f(cx + w * 0.08)} ${f(h * 0.32)} ${f(cx - w * 0.08)} ${f(h * 0.32)} ${f(cx - w * 0.14)} ${f(h * 0.44)}Z" fill="${hair}"/>`;
  // glasses sometimes
  if (r() > 0.5) b += C(cx - w * 0.06, h * 0.43, w * 0.04, 'none', `stroke="${hair}" stroke-width="${f(w * 0.008)}"`) + C(cx + w * 0.06, h * 0.43, w * 0.04, 'none', `stroke="${hair}" stroke-width="${f(w * 0.008)}"`);
  return svgDoc(w, h, b);
}

export function typeSpecimen(w, h, o) {
  const { pal, family = 'Inter', word = 'Lintur', weight = 800 } = o;
  const [bg, fg, acc] = pal;
  let b = R(0, 0, w, h, bg);
  const sz = Math.min(fit(word, w * 0.9, 0.62), h * 0.45);
  b += T(w * 0.05, h * 0.55, word, { size: sz, weight, family, fill: fg, ls: -sz * 0.04 });
  b += R(w * 0.05, h * 0.62, w * 0.9, 2, fg, 'opacity="0.5"');
  [100, 300, 500, 700, 900].forEach((wt, i) => (b += T(w * 0.05 + i * w * 0.18, h * 0.75, 'Ag ' + wt, { size: h * 0.05, weight: wt, family, fill: i === 4 ? acc : fg })));
  b += T(w * 0.05, h * 0.88, 'The quick brown fox jumps over the lazy dog — 0123456789', { size: h * 0.03, family, fill: fg });
  b += T(w * 0.05, h * 0.1, family.toUpperCase() + ' · SPECIMEN', { size: h * 0.025, family: 'JetBrains Mono', fill: fg, ls: 2 });
  return svgDoc(w, h, b);
}

export { esc, svgDoc };
