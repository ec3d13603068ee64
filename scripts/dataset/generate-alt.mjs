// Small alternative fixture dataset for tests that prove the app hard-codes no sample content:
//   node scripts/dataset/generate-alt.mjs  ->  tests/fixtures/alt-dataset/
// Different site title, slugs and titles; workPage.projects is empty (the app must list all
// visible projects, newest year first); one hidden project; 4 tiny images; no videos; no hotspots.
// Layout edge cases the bundled set lacks: a portrait picture in a full-width module, a gallery
// whose slides all fit, a lone half-width module without a caption, a people module whose
// portraits have no names or roles (the row shows pictures alone, no empty captions), and a legal
// body that opens with the page's title as an h2. One temporary redirect, to a project.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyMaker, renderSvg } from './lib.mjs';
import { makePT } from './pt.mjs';
import * as A from './art.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'tests/fixtures/alt-dataset');
await fs.rm(out, { recursive: true, force: true });
await fs.mkdir(path.join(out, 'images'), { recursive: true });

const IMAGES = [
  ['nw-og.jpg', 400, 210, (w, h) => A.gradientType(w, h, { pal: ['#123524', '#3E7B27', '#EFE3C2', '#85A947'], text: 'Northwind', seed: 'nw-og' })],
  ['nw-harbour.jpg', 400, 300, (w, h) => A.bauhaus(w, h, { pal: ['#123524', '#3E7B27', '#EFE3C2', '#85A947'], seed: 'nw-a', cols: 4 })],
  ['nw-signal.jpg', 320, 400, (w, h) => A.poster(w, h, { pal: ['#EFE3C2', '#123524', '#85A947', '#3E7B27'], lines: ['Signal'], shape: 'circles', seed: 'nw-b' })],
  ['nw-atlas.png', 300, 300, (w, h) => A.contours(w, h, { pal: ['#123524', '#85A947', '#EFE3C2', '#EFE3C2'], levels: 10, seed: 'nw-c' })],
];
for (const [name, w, h, art] of IMAGES)
  await renderSvg(art(w, h), path.join(out, 'images', name), { format: name.endsWith('.png') ? 'png' : 'jpg', grainAmount: 0, quality: 70 });

const key = keyMaker('northwind-alt');
const { rt, image } = makePT(key);
const media = (file, alt) => [{ _key: key(), _type: 'mainImage', image: image(file, alt) }];
const mediaModule = (file, alt, size, caption) => ({ _key: key(), _type: 'mediaModule', media: media(file, alt), size, ...(caption ? { caption } : {}) });
// Keys of their own, so adding the people module left every other key of the fixture as it was.
const personKey = keyMaker('northwind-alt-people');
const nameless = (file, alt) => ({ _key: personKey(), _type: 'person', image: image(file, alt) });
const seo = (d, notIndexed = false) => ({ _type: 'seo', notIndexed, metaDescription: d });

const docs = [
  { _id: 'general', _type: 'general', siteTitle: 'Northwind Works', metaDescription: 'Northwind Works is a fictional test studio.', favicon: { _type: 'image', _sanityAsset: 'image@file://./images/nw-atlas.png' }, ogImage: image('nw-og.jpg', 'Northwind Works'), address: rt('Northwind Works Ltd', '7 Pier Road, Testville', '[mail@northwind.test](mailto:mail@northwind.test)'), copyright: 'Northwind Works Ltd', officePlaylistUrl: 'https://open.spotify.com/playlist/0TestPlaylist0000000000', siteUrl: 'https://northwind.test' },
  { _id: 'homepage', _type: 'homepage', title: 'Start', hidden: false, seo: seo('Northwind Works home'), hero: media('nw-harbour.jpg', 'Geometric harbour pattern'), intro: rt('We build **sturdy** things for windy places.'), modules: [{ _key: key(), _type: 'projectsModule', heading: 'Recent', projects: [{ _type: 'reference', _ref: 'nw-tidal', _key: key() }] }] },
  { _id: 'workPage', _type: 'workPage', title: 'Projects', hidden: false, seo: seo('All Northwind projects'), intro: rt('Everything we have shipped.'), projects: [] },
  { _id: 'culturePage', _type: 'culturePage', title: 'People', hidden: false, seo: seo('Life at Northwind'), hero: media('nw-signal.jpg', 'Signal poster'), modules: [{ _key: key(), _type: 'textModule', heading: 'Crew', body: rt('Six people, one boat shed.') }, mediaModule('nw-harbour.jpg', 'The boat shed, drawn as a pattern', 'half'), { _key: personKey(), _type: 'peopleModule', heading: 'On deck', people: [nameless('nw-signal.jpg', 'A crew member, drawn as a signal poster'), nameless('nw-atlas.png', 'A crew member, drawn as contour lines'), nameless('nw-harbour.jpg', 'A crew member, drawn as a harbour pattern')] }] },
  { _id: 'legalPage', _type: 'legalPage', title: 'Imprint', hidden: false, seo: seo('Imprint', true), body: rt(
    '## Imprint',
    'Northwind Works Ltd, 7 Pier Road, Testville. Registered in the Testville company register under number 0042-7, with its office at the same address; the directors are the six people who work here.',
    '## Liability',
    'We check what we publish on this site with care, but we cannot promise that every page is complete, correct and current at every moment. Where a page links to a site run by someone else, that site is their responsibility, and we remove a link as soon as we learn that it leads somewhere it should not.',
    'Nothing on this site is advice. If you rely on something you read here for a decision that matters, write to us first and we will tell you whether it still holds.',
    '## Your data',
    'This site sets no cookies and keeps no record of your visit beyond the short-lived server logs our host needs to deliver pages and to keep the service safe. If you write to us, we keep your message for as long as we need it to answer you, and then delete it.',
  ) },
  { _id: 'nw-tidal', _type: 'project', title: 'Tidal Clock', slug: { _type: 'slug', current: 'tidal-clock' }, hidden: false, client: 'Port of Testville', year: 2019, services: ['Hardware', 'Web'], excerpt: 'A clock that tells the tide.', seo: seo('Tidal Clock'), thumbnail: media('nw-harbour.jpg', 'Harbour pattern'), hero: media('nw-harbour.jpg', 'Harbour pattern'), modules: [{ _key: key(), _type: 'textModule', heading: 'About', body: rt('Built for the harbour master.') }, mediaModule('nw-signal.jpg', 'The signal poster, full size', 'full', 'The poster that started it.'), { _key: key(), _type: 'galleryModule', heading: 'Sketches', items: [...media('nw-harbour.jpg', 'Harbour pattern sketch'), ...media('nw-atlas.png', 'Contour sketch')] }] },
  { _id: 'nw-beacon', _type: 'project', title: 'Beacon Maps', slug: { _type: 'slug', current: 'beacon-maps' }, hidden: false, client: 'Coastal Trust', year: 2022, services: ['Maps'], excerpt: 'Maps of every lighthouse on the coast.', seo: seo('Beacon Maps'), thumbnail: media('nw-atlas.png', 'Contour atlas'), hero: media('nw-signal.jpg', 'Signal poster'), modules: [{ _key: key(), _type: 'mediaModule', media: media('nw-atlas.png', 'Contour atlas'), size: 'half', caption: 'The atlas view.' }] },
  { _id: 'nw-secret', _type: 'project', title: 'Unreleased Prototype', slug: { _type: 'slug', current: 'unreleased-prototype' }, hidden: true, client: 'Northwind (internal)', year: 2024, services: ['R&D'], excerpt: 'Not public yet.', seo: seo('Unreleased', true), thumbnail: media('nw-signal.jpg', 'Signal poster'), hero: media('nw-signal.jpg', 'Signal poster'), modules: [] },
  { _id: 'nw-redirect-lighthouses', _type: 'redirect', source: '/lighthouses', destination: { _type: 'redirectDestination', type: 'internalLink', page: { _type: 'reference', _ref: 'nw-beacon' } }, permanent: false },
];
await fs.writeFile(path.join(out, 'data.ndjson'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
console.log(`alt dataset: ${docs.length} documents, ${IMAGES.length} images -> ${path.relative(root, out)}`);
