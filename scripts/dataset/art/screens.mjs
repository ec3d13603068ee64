// Screens: app screens in phones, web pages in a laptop or a browser window.
import { rng, T, R, C, svgDoc, field, f } from '../lib.mjs';
import { shadowDef, lin, fit } from './shared.mjs';

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
