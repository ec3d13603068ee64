// Motion pieces: SVG frames rendered with sharp, piped to ffmpeg (H.264, yuv420p, faststart, no audio).
// Every animation is a periodic function of t in [0, 1), so the clips loop seamlessly.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { svgDoc, T, C, R, f } from './lib.mjs';

const TAU = Math.PI * 2;
const ease = (x) => 0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, Math.max(0, x)));

/** 16:9 studio reel: orbiting Bauhaus shapes + cycling words. Everything that reads is in the
 * middle 40 % of the width: a video has no hotspot, so the site cuts it round its centre (a
 * phone's 4:5 home hero keeps 45 % of the width, a 4:3 gallery slide 75 %). */
function reelFrame(w, h, t) {
  const words = ['Identity', 'Products', 'Websites', 'Motion'];
  const cols = ['#001489', '#FF5C39', '#FFD23F', '#8FB8FF'];
  const seg = t * words.length;
  const i = Math.floor(seg);
  const local = seg - i;
  // background crossfades from the previous segment's colour
  const bgPrev = cols[(i + words.length - 1) % words.length];
  const bg = cols[i];
  let b = R(0, 0, w, h, bgPrev);
  // wipe: a circle grows from the centre to reveal the new colour
  const wipe = ease(local / 0.35);
  b += C(w * 0.5, h * 0.5, wipe * w * 0.8, bg);
  const fg = i === 0 ? '#ffffff' : '#001489';
  b += C(w * 0.5, h * 0.52, h * 0.28, 'none', `stroke="${fg}" stroke-width="3" opacity="0.35"`);
  // shapes orbiting the word (periodic in t)
  const shapes = 7;
  for (let k = 0; k < shapes; k++) {
    const a = TAU * (t + k / shapes);
    const rr = h * (0.28 + 0.04 * Math.sin(TAU * (2 * t + k * 0.3)));
    const x = w * 0.5 + Math.cos(a) * rr * 1.7;
    const y = h * 0.5 + Math.sin(a) * rr;
    const s = h * (0.05 + 0.02 * ((k * 37) % 3));
    const c = cols[(k + 1 + i) % cols.length] === bg ? '#ffffff' : cols[(k + 1 + i) % cols.length];
    const rot = 360 * t * (k % 2 ? 1 : -1) + k * 40;
    if (k % 3 === 0) b += C(x, y, s, c);
    else if (k % 3 === 1) b += `<rect x="${f(x - s)}" y="${f(y - s)}" width="${f(s * 2)}" height="${f(s * 2)}" fill="${c}" transform="rotate(${f(rot)} ${f(x)} ${f(y)})"/>`;
    else b += `<path d="M${f(x - s)} ${f(y + s)} A${f(s * 2)} ${f(s * 2)} 0 0 1 ${f(x + s)} ${f(y - s)} L${f(x + s)} ${f(y + s)}Z" fill="${c}" transform="rotate(${f(rot)} ${f(x)} ${f(y)})"/>`;
  }
  // text: slide up in, slide up out, centred
  const inP = ease((local - 0.12) / 0.25);
  const outP = ease((local - 0.82) / 0.18);
  const y = h * 0.555 + (1 - inP) * h * 0.1 - outP * h * 0.1;
  const op = Math.min(inP, 1 - outP);
  b += `<clipPath id="tc"><rect x="0" y="${f(h * 0.38)}" width="${w}" height="${f(h * 0.26)}"/></clipPath>`;
  b += `<g clip-path="url(#tc)">${T(w * 0.5, y, words[i], { size: h * 0.145, weight: 900, fill: fg, ls: -h * 0.004, opacity: f(op), anchor: 'middle' })}</g>`;
  b += T(w * 0.5, h * 0.14, 'LINTUR', { size: h * 0.05, weight: 800, fill: fg, ls: h * 0.012, anchor: 'middle' });
  b += T(w * 0.5, h * 0.2, 'Showreel 2025', { size: h * 0.032, weight: 500, fill: fg, anchor: 'middle' });
  // progress line
  b += R(w * 0.32, h * 0.84, w * 0.36, 2, fg, 'opacity="0.3"');
  b += R(w * 0.32, h * 0.84, w * 0.36 * t, 2, fg);
  b += T(w * 0.5, h * 0.9, 'Brand · Product · Web', { size: h * 0.03, weight: 500, fill: fg, opacity: 0.85, anchor: 'middle' });
  return svgDoc(w, h, b);
}

/** 4:5 festival motion poster: pulsing rings + flowing bars + stacked type. The name and the
 * dates sit in the middle 60 % of the height, which a 4:3 gallery slide keeps. */
function festivalFrame(w, h, t) {
  let b = R(0, 0, w, h, '#0A0A0A');
  const cx = w * 0.5,
    cy = h * 0.34;
  for (let k = 0; k < 14; k++) {
    const p = (k / 14 + t) % 1; // ring expands and loops
    const rad = p * w * 0.9;
    const op = Math.sin(Math.PI * p);
    b += C(cx, cy, rad, 'none', `stroke="${k % 2 ? '#FF2E88' : '#6A00FF'}" stroke-width="${f(6 + 10 * op)}" opacity="${f(op)}"`);
  }
  // equaliser bars
  const bars = 28;
  for (let k = 0; k < bars; k++) {
    const ph = (k / bars) * TAU * 2;
    const v = 0.5 + 0.5 * Math.sin(TAU * t * 3 + ph) * Math.cos(TAU * t + k * 0.4);
    const bh = h * (0.015 + 0.085 * v);
    b += R(w * 0.06 + k * ((w * 0.88) / bars), h * 0.5 - bh, (w * 0.88) / bars - 4, bh, '#C6FF3D');
  }
  b += C(cx, cy, w * 0.12, '#0A0A0A');
  b += C(cx, cy, w * (0.05 + 0.015 * Math.sin(TAU * t * 4)), '#C6FF3D');
  b += T(w * 0.06, h * 0.715, 'MYRKUR', { size: w * 0.26, weight: 700, family: 'Bebas Neue', fill: '#C6FF3D' });
  b += T(w * 0.06, h * 0.79, '16—19 JAN · REYKJAVÍK', { size: w * 0.075, weight: 700, family: 'Bebas Neue', fill: '#FFFFFF' });
  b += T(w * 0.06, h * 0.93, 'Four nights of music in the darkest week of the year', { size: w * 0.03, weight: 500, fill: '#FFFFFF', opacity: 0.8 });
  return svgDoc(w, h, b);
}

export const VIDEOS = [
  { id: 'mux-asset-reel', playbackId: 'Lq4mV02xTz8KpR7bW9nYc3hJd6sFe1Ga', assetId: 'Nq7XbT2kP4cV9mL01wZr8sYd5hJf3Ge6uA', w: 1280, h: 720, aspect: '16:9', mp4: 'standard', seconds: 8, fps: 25, crf: 27, frame: reelFrame, posterAt: 0.125, description: "Lintur's 2025 showreel: bright geometric shapes drift round bold title cards." },
  { id: 'mux-asset-myrkur', playbackId: 'm8QzR3vY0dT5wK2pJ7nBx4cLs9FhG6aE', assetId: 'Vb3Kd8Rm2Xq6Tz0Pw5Ly9Jn4Hc7Fs1Ae2', w: 720, h: 900, aspect: '4:5', mp4: 'none', seconds: 8, fps: 25, crf: 29, frame: festivalFrame, posterAt: 0.25, description: 'The Myrkur Festival motion poster: pink and violet rings pulse round a sound meter above the dates, 16–19 January, Reykjavík.' },
];

export async function renderVideos(outDir) {
  const dir = path.join(outDir, 'videos');
  await fs.mkdir(dir, { recursive: true });
  for (const v of VIDEOS) {
    const file = path.join(dir, `${v.playbackId}.mp4`);
    const n = v.seconds * v.fps;
    const ff = spawn('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(v.fps), '-c:v', 'png', '-i', '-', '-an', '-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-preset', 'slow', '-crf', String(v.crf), '-g', String(v.fps * 2), '-movflags', '+faststart', file], { stdio: ['pipe', 'inherit', 'inherit'] });
    const done = new Promise((res, rej) => ff.on('close', (c) => (c === 0 ? res() : rej(new Error('ffmpeg failed ' + c)))));
    for (let i = 0; i < n; i++) {
      const png = await sharp(Buffer.from(v.frame(v.w, v.h, i / n))).png({ compressionLevel: 1 }).toBuffer();
      if (!ff.stdin.write(png)) await new Promise((r) => ff.stdin.once('drain', r));
    }
    ff.stdin.end();
    await done;
    await sharp(Buffer.from(v.frame(v.w, v.h, v.posterAt))).jpeg({ quality: 80, mozjpeg: true }).toFile(path.join(dir, `${v.playbackId}.jpg`));
  }
  return VIDEOS;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now();
  await renderVideos(process.argv[2] || 'dataset');
  console.log(`videos in ${((Date.now() - t) / 1000).toFixed(1)}s`);
}
