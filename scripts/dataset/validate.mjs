// Validates a dataset folder: node scripts/dataset/validate.mjs [dir=dataset] [--alt]
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'dataset';
const alt = process.argv.includes('--alt');
const errors = [];
const fail = (m) => errors.push(m);

const lines = fs.readFileSync(path.join(dir, 'data.ndjson'), 'utf8').split('\n').filter(Boolean);
const docs = lines.map((l, i) => {
  try {
    return JSON.parse(l);
  } catch (e) {
    fail(`line ${i + 1} does not parse: ${e.message}`);
    return null;
  }
}).filter(Boolean);
const ids = new Set(docs.map((d) => d._id));
if (ids.size !== docs.length) fail('duplicate _id');
const published = docs.filter((d) => !d._id.startsWith('drafts.'));

const styles = new Set(), lists = new Set(), levels = new Set(), decos = new Set(), linkKinds = new Set(), hrefs = [];
let blockImages = 0;
const assets = new Set();
const checkKeysIn = (arr, where) => {
  const ks = new Set();
  for (const it of arr) {
    if (it && typeof it === 'object' && !Array.isArray(it)) {
      if (typeof it._key !== 'string' || !/^[0-9a-z]{8,}$/i.test(it._key)) fail(`${where}: array item without a proper _key`);
      else if (ks.has(it._key)) fail(`${where}: duplicate _key ${it._key}`);
      ks.add(it._key);
    }
  }
};
function walk(v, doc, p) {
  if (Array.isArray(v)) {
    checkKeysIn(v, `${doc._id}${p}`);
    v.forEach((x, i) => walk(x, doc, `${p}[${i}]`));
    return;
  }
  if (!v || typeof v !== 'object') return;
  if (v._ref !== undefined && v._type === 'reference') {
    if (v._ref.startsWith('drafts.')) fail(`${doc._id}${p}: references a draft`);
    else if (!ids.has(v._ref)) fail(`${doc._id}${p}: dangling _ref ${v._ref}`);
  }
  if (v._sanityAsset) {
    const m = /^image@file:\/\/\.\/images\/(.+)$/.exec(v._sanityAsset);
    if (!m) fail(`${doc._id}${p}: bad _sanityAsset ${v._sanityAsset}`);
    else {
      assets.add(m[1]);
      if (!fs.existsSync(path.join(dir, 'images', m[1]))) fail(`${doc._id}${p}: missing file ${m[1]}`);
    }
    // The browser icon alone has no alt text: nothing reads it aloud.
    if (!v.alt && p !== '.favicon') fail(`${doc._id}${p}: image without alt`);
  }
  if (v._type === 'block') {
    styles.add(v.style);
    if (v.listItem) {
      lists.add(v.listItem);
      levels.add(v.level);
    }
    for (const c of v.children) for (const mk of c.marks) if (!v.markDefs.some((d) => d._key === mk)) decos.add(mk);
    for (const d of v.markDefs) {
      if (d._type !== 'link') fail(`${doc._id}: unknown markDef ${d._type}`);
      if (d.type === 'internalLink') linkKinds.add('internal:' + (d.page._ref === 'homepage' ? 'homepage' : ids.has(d.page._ref) && docs.find((x) => x._id === d.page._ref)._type));
      else {
        linkKinds.add('external');
        hrefs.push(d.href);
      }
    }
  }
  if (v._type === 'image' && v._key && p.match(/\]$/)) blockImages++;
  for (const [k, x] of Object.entries(v)) walk(x, doc, `${p}.${k}`);
}
for (const d of docs) walk(d, d, '');

// media items
for (const d of docs) for (const f of ['thumbnail', 'hero']) if (d[f] && (!Array.isArray(d[f]) || d[f].length !== 1)) fail(`${d._id}.${f}: mediaItem must hold exactly one item`);
// videos
const vids = published.filter((d) => d._type === 'mux.videoAsset');
for (const v of vids) {
  for (const ext of ['mp4', 'jpg']) if (!fs.existsSync(path.join(dir, 'videos', `${v.playbackId}.${ext}`))) fail(`video ${v._id}: missing ${v.playbackId}.${ext}`);
  if (!/^[A-Za-z0-9]{20,40}$/.test(v.playbackId)) fail(`video ${v._id}: odd playbackId`);
}
// singletons & slugs
for (const s of ['general', 'homepage', 'workPage', 'culturePage', 'legalPage']) if (!published.some((d) => d._id === s && d._type === s)) fail(`missing singleton ${s}`);
const projects = published.filter((d) => d._type === 'project');
const slugs = projects.map((p) => p.slug?.current);
if (new Set(slugs).size !== slugs.length) fail('duplicate project slugs');
for (const d of published) if (['homepage', 'workPage', 'culturePage', 'legalPage', 'project'].includes(d._type) && (!d.title || typeof d.hidden !== 'boolean' || !d.seo)) fail(`${d._id}: missing page fields`);
// unused image files
const files = fs.readdirSync(path.join(dir, 'images'));
for (const f of files) if (!assets.has(f)) fail(`unused image file ${f}`);

if (!alt) {
  const need = (set, vals, what) => vals.forEach((v) => set.has(v) || fail(`no ${what} "${v}"`));
  need(styles, ['normal', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'], 'style');
  need(lists, ['bullet', 'number'], 'list');
  need(levels, [1, 2], 'list level');
  need(decos, ['strong', 'em', 'code', 'underline', 'strike-through', 'highlight'], 'decorator');
  need(linkKinds, ['internal:homepage', 'internal:project', 'external'], 'link kind');
  if (!hrefs.some((h) => h.startsWith('mailto:'))) fail('no mailto: link');
  if (!hrefs.some((h) => h.startsWith('tel:'))) fail('no tel: link');
  if (!hrefs.some((h) => h.startsWith('https://'))) fail('no https link');
  if (!blockImages) fail('no block image in rich text');
  if (projects.length < 10) fail('fewer than 10 projects');
  if (!projects.some((p) => p.hidden)) fail('no hidden project');
  if (!published.some((d) => d.seo?.notIndexed)) fail('nothing notIndexed');
  if (!docs.some((d) => d._id.startsWith('drafts.') && ids.has(d._id.slice(7)))) fail('no draft of an existing document');
  if (files.length < 40) fail('fewer than 40 images');
  if (vids.length < 2) fail('fewer than 2 videos');
  const inv = JSON.stringify(docs).match(/"inverted":true/g)?.length ?? 0;
  if (inv < 2) fail('fewer than 2 inverted modules');
}

const size = (p) => (fs.statSync(p).isDirectory() ? fs.readdirSync(p).reduce((s, f) => s + size(path.join(p, f)), 0) : fs.statSync(p).size);
console.log(`${dir}: ${docs.length} documents (${projects.length} projects, ${docs.length - published.length} drafts), ${files.length} images, ${vids.length} videos, ${(size(dir) / 1048576).toFixed(1)} MB`);
console.log(`styles ${[...styles].sort()} · lists ${[...lists]} levels ${[...levels]} · marks ${[...decos].sort()} · links ${[...linkKinds].sort()}`);
if (errors.length) {
  console.error(errors.map((e) => '✗ ' + e).join('\n'));
  process.exit(1);
}
console.log('✓ valid');
