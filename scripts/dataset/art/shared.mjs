// What several pictures share: drop shadows, gradients, text fitting, brand marks.
import { T, R, C, f } from '../lib.mjs';

export const shadowDef = (id, blur = 30, opacity = 0.28, dy = 20) =>
  `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="o"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

export const lin = (id, c1, c2, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`;

export const fit = (text, maxW, k = 0.6) => maxW / (Math.max(1, text.length) * k);
export const lum = (hex) => {
  const n = parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
};

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
