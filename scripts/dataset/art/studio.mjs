// The studio and its culture: desks, sketchbooks, swatches, sticky walls, portraits, type.
import { rng, T, R, C, svgDoc, f } from '../lib.mjs';
import { shadowDef, fit, wrapText } from './shared.mjs';

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
