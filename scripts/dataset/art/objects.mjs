// Objects and charts: packaging, ceramics, columns, elevations, data.
import { rng, T, R, C, svgDoc, f } from '../lib.mjs';
import { shadowDef, lin, fit, drawMark } from './shared.mjs';

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
