// Generative art: flow fields, contours, gradient type, Bauhaus grids.
import { rng, T, R, C, svgDoc, field, f } from '../lib.mjs';
import { fit } from './shared.mjs';

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
