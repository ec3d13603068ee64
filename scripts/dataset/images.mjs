// The image catalogue of the bundled dataset: file name -> size + art recipe.
import * as A from './art.mjs';

// Aspect presets (long edge ≤ 2400 px).
const S = {
  '3:2': [2100, 1400],
  '4:3': [2000, 1500],
  '16:9': [2400, 1350],
  '4:5': [1600, 2000],
  '2:3': [1400, 2100],
  '1:1': [1600, 1600],
  '21:9': [2400, 1029],
  '9:16': [1125, 2000],
};

export const LINTUR = ['#001489', '#ffffff', '#ff5c39', '#ffd23f', '#8fb8ff'];

const PAL = {
  havbro: ['#0B1F3A', '#EEF3F1', '#FF6B2C', '#1E6F78'],
  ogn: ['#F3E7D3', '#3B2218', '#C8553D', '#E0A526'],
  saltvik: ['#EDE9E1', '#141414', '#B3261E', '#B08D57'],
  nota: ['#0E0E12', '#F4F1FF', '#3DDC97', '#5B3DF5'],
  fellborg: ['#2F4A3A', '#B7C4A3', '#F2C230', '#2B2E33'],
  library: ['#F6F1E7', '#1A1A2E', '#2446D8', '#FF7A59'],
  myrkur: ['#0A0A0A', '#C6FF3D', '#FF2E88', '#6A00FF'],
  basalt: ['#CFCAC2', '#262626', '#4A4A48', '#9C4A2F'],
  leir: ['#EFE6DA', '#3E5C76', '#A4492F', '#D9B8A0'],
  ice: ['#F4F8FB', '#0F3B57', '#E4572E', '#9CC9E3'],
};

// `focus` is the subject, as Sanity's hotspot: [x, y, width, height], centre and size as fractions
// of the picture. Sanity cuts a box of another ratio as large as it can, centred on the hotspot's
// centre (and inside the crop), so the centre is chosen to keep the subject in every ratio the
// site uses: 4:3 cards and gallery slides, 1.91:1 share images, the home hero on a phone (4:5),
// and media capped at one screen. `crop` is [top, bottom, left, right] (none by default).
// Check them with `npm run crops` (contact sheets of every cut) after a change.
const img = (name, ratio, art, opts = {}) => ({ name, w: (opts.size || S[ratio])[0], h: (opts.size || S[ratio])[1], ratio, art, format: opts.format || 'jpg', grain: opts.grain, focus: opts.focus || [0.5, 0.5, 1, 1], crop: opts.crop || [0, 0, 0, 0] });

export const IMAGES = [
  // ------------------------------------------------ Havbro Ferries
  img('havbro-thumb.jpg', '4:5', (w, h) => A.poster(w, h, { pal: ['#0B1F3A', '#EEF3F1', '#FF6B2C', '#1E6F78'], lines: ['Cross', 'the water', 'calmly.'], sub: 'Havbro Ferries — new booking & wayfinding', meta: ['HAVBRO', 'SINCE 1962'], shape: 'waves', seed: 'havbro-t' })),
  img('havbro-hero.jpg', '16:9', (w, h) => A.phones(w, h, { pal: ['#EEF3F1', '#0B1F3A', '#FF6B2C', '#1E6F78'], bg: ['#1E6F78', '#0B1F3A'], screens: [{ kind: 'list', title: 'Trips' }, { kind: 'ticket', title: 'Boarding', big: 'SEY → TOR' }, { kind: 'ticket', title: 'Return', big: 'TOR → SEY' }], seed: 'havbro-h' })),
  img('havbro-identity.jpg', '3:2', (w, h) => A.identity(w, h, { pal: PAL.havbro, name: 'Havbro', tagline: 'Every crossing, one calm tap.', mark: 'wave', seed: 'havbro-id' })),
  img('havbro-wayfinding.jpg', '21:9', (w, h) => A.gradientType(w, h, { pal: ['#0B1F3A', '#1E6F78', '#FF6B2C', '#0B1F3A'], text: 'Deck 4  →  Cabins 401–460', sub: 'Wayfinding system · bilingual signage, 212 signs across three vessels', seed: 'havbro-w' })),

  // ------------------------------------------------ Ögn Coffee Roasters
  img('ogn-thumb.jpg', '1:1', (w, h) => A.poster(w, h, { pal: ['#C8553D', '#F3E7D3', '#E0A526', '#3B2218'], lines: ['ØGN'], sub: 'Small-batch coffee, roasted by the harbour', meta: ['ROASTERY', 'NO. 07'], shape: 'circles', family: 'League Spartan', weight: 700, seed: 'ogn-t' })),
  img('ogn-hero.jpg', '16:9', (w, h) => A.coffeeBags(w, h, { scene: ['#E9DCC6', '#CDB89A'], bags: [{ name: 'Kaldbakur', notes: 'plum · cacao · molasses', colors: ['#3B2218', '#3B2218', '#F3E7D3'] }, { name: 'Morgunn', notes: 'apricot · honey · black tea', colors: ['#C8553D', '#3B2218', '#F3E7D3'] }, { name: 'Rökkur', notes: 'cherry · hazelnut · rye', colors: ['#E0A526', '#3B2218', '#F3E7D3'] }], brand: 'ØGN', seed: 'ogn-h' })),
  img('ogn-identity.jpg', '3:2', (w, h) => A.identity(w, h, { pal: PAL.ogn, name: 'Ögn', tagline: 'A speck of something good.', mark: 'bean', family: 'League Spartan', weight: 700, seed: 'ogn-id' })),
  img('ogn-shop.jpg', '16:9', (w, h) => A.laptop(w, h, { bg: ['#F3E7D3', '#E0C9A6'], page: { pal: PAL.ogn, brand: 'ØGN', headline: ['Coffee subscriptions'], variant: 'grid', nav: ['Coffee', 'Subscribe', 'Café', 'Journal'], family: 'League Spartan', seed: 'ogn-shop' } })),
  img('ogn-poster.jpg', '2:3', (w, h) => A.poster(w, h, { pal: ['#F3E7D3', '#3B2218', '#E0A526', '#C8553D'], lines: ['Slow', 'mornings'], sub: 'Morgunn — our new house espresso', meta: ['ØGN', '250 G'], shape: 'grid', family: 'League Spartan', weight: 700, wall: ['#8E9A8A', '#5F6B5C'], seed: 'ogn-p' })),

  // ------------------------------------------------ Saltvík Maritime Museum
  img('saltvik-thumb.jpg', '2:3', (w, h) => A.poster(w, h, { pal: ['#EDE9E1', '#141414', '#B3261E', '#B08D57'], lines: ['The Herring', 'Years'], sub: 'Saltvík Maritime Museum · 1867–1968', meta: ['EXHIBITION', 'OPEN DAILY'], shape: 'stripes', family: 'EB Garamond', weight: 500, seed: 'saltvik-t' })),
  img('saltvik-hero.jpg', '16:9', (w, h) => A.phones(w, h, { pal: ['#EDE9E1', '#141414', '#B3261E', '#B08D57'], bg: ['#B08D57', '#6F5632'], screens: [{ kind: 'cards', title: 'Today', family: 'EB Garamond' }, { kind: 'cards', title: 'Tours', family: 'EB Garamond' }, { kind: 'cards', title: 'Trails', family: 'EB Garamond' }], seed: 'saltvik-h' })),
  img('saltvik-posters.jpg', '3:2', (w, h) => A.poster(w, h, { pal: ['#B3261E', '#EDE9E1', '#141414', '#B08D57'], lines: ['Voices of', 'the Harbour'], sub: 'An audio walk in twelve stops', meta: ['SALTVÍK', 'FREE'], shape: 'circles', family: 'EB Garamond', weight: 500, wall: ['#E4DED3', '#BDB3A2'], seed: 'saltvik-p' })),
  img('saltvik-identity.jpg', '3:2', (w, h) => A.identity(w, h, { pal: PAL.saltvik, name: 'Saltvík', tagline: 'Stories that came in with the tide.', mark: 'arch', family: 'EB Garamond', weight: 500, seed: 'saltvik-id' })),

  // ------------------------------------------------ Nóta
  img('nota-thumb.jpg', '4:5', (w, h) => A.gradientType(w, h, { pal: ['#0E0E12', '#5B3DF5', '#3DDC97', '#5B3DF5'], text: 'Money,\ncalmly.', sub: 'Nóta — the everyday money app', family: 'Manrope', weight: 800, seed: 'nota-t' })),
  img('nota-hero.jpg', '16:9', (w, h) => A.phones(w, h, { pal: ['#F4F1FF', '#0E0E12', '#5B3DF5', '#3DDC97'], bg: ['#1B1830', '#0E0E12'], screens: [{ kind: 'money', title: 'Home', big: '€4,218.40', family: 'Manrope' }, { kind: 'money', title: 'Pots', big: '€1,050.00', family: 'Manrope' }, { kind: 'money', title: 'March', big: '€862.15', family: 'Manrope' }], seed: 'nota-h' })),
  img('nota-pattern.jpg', '1:1', (w, h) => A.bauhaus(w, h, { pal: ['#5B3DF5', '#3DDC97', '#0E0E12', '#F4F1FF'], seed: 'nota-b', cols: 5 })),
  img('nota-single.jpg', '9:16', (w, h) => A.phones(w, h, { pal: ['#0E0E12', '#F4F1FF', '#3DDC97', '#5B3DF5'], bg: ['#3DDC97', '#5B3DF5'], screens: [{ kind: 'money', title: 'Savings', big: '€12,400', family: 'Manrope' }], seed: 'nota-s' })),

  // ------------------------------------------------ Fellborg Outdoor
  img('fellborg-thumb.jpg', '3:2', (w, h) => A.contours(w, h, { pal: ['#2F4A3A', '#B7C4A3', '#F2C230', '#F2C230'], label: 'FELLBORG · 64°N', seed: 'fell-t' })),
  img('fellborg-hero.jpg', '21:9', (w, h) => A.contours(w, h, { pal: ['#2B2E33', '#6F7D68', '#B7C4A3', '#F2C230'], markers: [[0.22, 0.4, 'Hut 1 · 412 m'], [0.55, 0.62, 'Pass · 890 m'], [0.8, 0.3, 'Camp · 640 m']], seed: 'fell-h' })),
  img('fellborg-identity.jpg', '3:2', (w, h) => A.identity(w, h, { pal: PAL.fellborg, name: 'Fellborg', tagline: 'Made for the weather we actually have.', mark: 'peak', family: 'Karla', weight: 800, seed: 'fell-id' })),
  img('fellborg-web.jpg', '16:9', (w, h) => A.browser(w, h, { bg: ['#B7C4A3', '#6F7D68'], url: 'fellborg.is', page: { pal: ['#F4F1E8', '#2F4A3A', '#F2C230', '#6F7D68'], brand: 'FELLBORG', headline: ['Repair, don’t replace.', 'Free for life.'], variant: 'hero', family: 'Karla', nav: ['Shells', 'Layers', 'Repair', 'Stories'], seed: 'fell-web' } })),

  // ------------------------------------------------ Eastfjords Libraries (journal case study)
  img('library-thumb.jpg', '4:5', (w, h) => A.poster(w, h, { pal: ['#2446D8', '#F6F1E7', '#FF7A59', '#1A1A2E'], lines: ['Borrow', 'the world'], sub: 'Eastfjords Libraries — one card, eleven branches', meta: ['LÁNIÐ', 'APP + WEB'], shape: 'grid', seed: 'lib-t' })),
  img('library-hero.jpg', '16:9', (w, h) => A.laptop(w, h, { bg: ['#F6F1E7', '#E6DCC8'], page: { pal: PAL.library, brand: 'Lánið', headline: ['Your library,', 'in your pocket.'], variant: 'hero', nav: ['Catalogue', 'Events', 'Branches', 'My loans'], seed: 'lib-h' } })),
  img('library-phones.jpg', '3:2', (w, h) => A.phones(w, h, { pal: PAL.library, bg: '#FF7A59', screens: [{ kind: 'list', title: 'Lánið' }, { kind: 'list', title: 'My loans' }], seed: 'lib-p' })),
  img('library-sketch.jpg', '3:2', (w, h) => A.sketchbook(w, h, { pal: ['#2446D8', '#FBF8F1', '#FF7A59'], seed: 'lib-sk' })),
  img('library-identity.jpg', '3:2', (w, h) => A.identity(w, h, { pal: PAL.library, name: 'Lánið', tagline: 'One card. Eleven branches. Every story.', mark: 'book', seed: 'lib-id' })),

  // ------------------------------------------------ Myrkur Festival
  img('myrkur-thumb.jpg', '9:16', (w, h) => A.poster(w, h, { pal: ['#0A0A0A', '#C6FF3D', '#FF2E88', '#6A00FF'], lines: ['MYRKUR', 'FESTIVAL', '16—19 JAN'], sub: 'Four nights of music in the darkest week of the year', meta: ['REYKJAVÍK', '2025'], shape: 'burst', family: 'Bebas Neue', weight: 700, seed: 'myrkur-t' })),
  img('myrkur-hero.jpg', '16:9', (w, h) => A.flowField(w, h, { pal: ['#0A0A0A', '#C6FF3D', '#FF2E88', '#6A00FF'], seed: 'myrkur-h', lines: 900, title: 'MYRKUR 25', family: 'Bebas Neue' })),
  img('myrkur-posters.jpg', '3:2', (w, h) => A.poster(w, h, { pal: ['#6A00FF', '#C6FF3D', '#FF2E88', '#0A0A0A'], lines: ['DANCE', 'IN THE DARK'], sub: 'Late shows · Harpa · Iðnó · Gamla Bíó', meta: ['MYRKUR', 'JAN'], shape: 'circles', family: 'Bebas Neue', weight: 700, wall: ['#2A2A2E', '#111113'], seed: 'myrkur-p' })),
  img('myrkur-app.jpg', '4:5', (w, h) => A.phones(w, h, { pal: ['#0A0A0A', '#F2F2F2', '#C6FF3D', '#FF2E88'], bg: ['#6A00FF', '#0A0A0A'], screens: [{ kind: 'lineup', title: 'Tonight', family: 'Bebas Neue' }], seed: 'myrkur-a' })),
  img('myrkur-flow.jpg', '21:9', (w, h) => A.flowField(w, h, { pal: ['#12001F', '#FF2E88', '#6A00FF', '#C6FF3D'], seed: 'myrkur-f', lines: 800 })),

  // ------------------------------------------------ Basalt Arkitektar
  img('basalt-thumb.jpg', '1:1', (w, h) => A.hexColumns(w, h, { pal: ['#1c1c1c', '#4A4A48', '#262626', '#9C4A2F'], seed: 'bas-t' })),
  img('basalt-hero.jpg', '21:9', (w, h) => A.elevation(w, h, { pal: ['#EDEAE4', '#262626', '#9C4A2F'], title: 'Hafnarbakki housing — south elevation', seed: 'bas-h' })),
  img('basalt-web.jpg', '16:9', (w, h) => A.browser(w, h, { bg: ['#CFCAC2', '#A8A29A'], url: 'basalt.is', page: { pal: ['#F2F0EC', '#262626', '#4A4A48', '#9C4A2F'], brand: 'BASALT', headline: ['Buildings for the long weather.'], variant: 'grid', nav: ['Projects', 'Practice', 'Writing', 'Contact'], family: 'Inter', weight: 500, seed: 'bas-web' } })),
  img('basalt-drawing.jpg', '4:5', (w, h) => A.elevation(w, h, { pal: ['#E6E1D8', '#262626', '#4A4A48'], title: 'Sundlaug — section A', seed: 'bas-d' })),

  // ------------------------------------------------ Leir Ceramics
  img('leir-thumb.jpg', '4:5', (w, h) => A.vessels(w, h, { pal: ['#D9B8A0', '#B9957A', '#3E5C76', '#EFE6DA'], count: 2, seed: 'leir-t' })),
  img('leir-hero.jpg', '16:9', (w, h) => A.vessels(w, h, { pal: ['#EFE6DA', '#D9B8A0', '#3E5C76', '#A4492F', '#F7F3EC', '#2F3B45', '#C9A27E'], count: 5, seed: 'leir-h' })),
  img('leir-identity.jpg', '3:2', (w, h) => A.identity(w, h, { pal: PAL.leir, name: 'Leir & Co', tagline: 'Thrown by hand, fired twice, used daily.', mark: 'pot', family: 'EB Garamond', weight: 500, seed: 'leir-id' })),
  img('leir-shop.jpg', '3:2', (w, h) => A.laptop(w, h, { bg: ['#D9B8A0', '#B9957A'], page: { pal: ['#EFE6DA', '#2F3B45', '#3E5C76', '#A4492F'], brand: 'Leir & Co', headline: ['The autumn kiln'], variant: 'grid', nav: ['Shop', 'Studio', 'Care', 'Stockists'], family: 'EB Garamond', weight: 500, seed: 'leir-shop' } })),

  // ------------------------------------------------ Ice Ledger
  img('ice-thumb.jpg', '16:9', (w, h) => A.dataViz(w, h, { pal: ['#F4F8FB', '#0F3B57', '#E4572E', '#9CC9E3'], title: 'Cumulative mass loss, Vatnajökull outlets', unit: 'metres water equivalent · 1995–2025', years: [1995, 2025], annotation: 'Record melt, 2023', seed: 'ice-t' })),
  // The same chart composed for the 4:3 project cards: a 16:9 one loses its title to the crop.
  img('ice-card.jpg', '4:3', (w, h) => A.dataViz(w, h, { pal: ['#F4F8FB', '#0F3B57', '#E4572E', '#9CC9E3'], title: 'Cumulative mass loss, Vatnajökull outlets', unit: 'metres water equivalent · 1995–2025', years: [1995, 2025], annotation: 'Record melt, 2023', seed: 'ice-c' })),
  img('ice-hero.jpg', '16:9', (w, h) => A.laptop(w, h, { bg: ['#9CC9E3', '#0F3B57'], page: { pal: PAL.ice, brand: 'Ice Ledger', headline: ['Every glacier, every year.'], variant: 'data', nav: ['Glaciers', 'Data', 'Methods', 'About'], seed: 'ice-h' } })),
  img('ice-contours.jpg', '1:1', (w, h) => A.contours(w, h, { pal: ['#0F3B57', '#9CC9E3', '#F4F8FB', '#E4572E'], markers: [[0.3, 0.35, 'BR-04'], [0.62, 0.58, 'SK-11'], [0.45, 0.8, 'HF-02']], label: 'TERMINUS SURVEY', seed: 'ice-c' })),
  img('ice-chart.jpg', '3:2', (w, h) => A.dataViz(w, h, { pal: ['#0F3B57', '#F4F8FB', '#E4572E', '#3D7FA6'], title: 'Terminus retreat, 40 monitored glaciers', unit: 'metres since 2000', years: [2000, 2025], annotation: '−1,180 m median', seed: 'ice-ch' })),

  // ------------------------------------------------ Type Lab (hidden project)
  img('typelab-thumb.jpg', '3:2', (w, h) => A.typeSpecimen(w, h, { pal: ['#001489', '#ffffff', '#ffd23f'], family: 'Inter', word: 'Lintur Grotesk' })),
  img('typelab-hero.jpg', '21:9', (w, h) => A.typeSpecimen(w, h, { pal: ['#F4F1EA', '#001489', '#ff5c39'], family: 'League Spartan', word: 'Ásýnd 2026', weight: 700 })),

  // ------------------------------------------------ Studio & culture
  img('culture-hero.jpg', '16:9', (w, h) => A.isoDesk(w, h, { pal: ['#DCE4FF', '#F4EBDD', '#C9B79C', '#001489', '#ff5c39', '#2B2B33'], seed: 'iso-1' })),
  img('culture-desk.jpg', '1:1', (w, h) => A.isoDesk(w, h, { pal: ['#FFE9A8', '#EDE3D3', '#BFAE93', '#3D7FA6', '#001489', '#2B2B33'], seed: 'iso-2' })),
  img('culture-sketchbook.jpg', '4:5', (w, h) => A.sketchbook(w, h, { pal: ['#C9B79C', '#FBF8F1', '#ff5c39'], seed: 'cult-sk', ink: '#001489' })),
  img('culture-swatches.jpg', '3:2', (w, h) => A.swatches(w, h, { colors: ['#001489', '#3D7FA6', '#8FB8FF', '#FFD23F', '#FF5C39', '#2F4A3A', '#C8553D'], bg: '#EFEDE8' })),
  img('culture-workshop.jpg', '16:9', (w, h) => A.stickyWall(w, h, { pal: ['#F2F0EA', '#001489', '#FFD23F', '#FF9F80', '#9FD8C7', '#BFD3FF'], notes: ['Who books on the quay, not at home?', 'Kill the login wall', 'Test with real timetables', 'Tone: calm, not cute', 'Three taps to a ticket', 'Offline first!', 'Read every support email', 'Prototype in the browser', 'Big type on deck screens', 'Sketch 8 marks in 8 minutes', 'What does done look like?', 'Name the risky bit early', 'Pair design + dev daily', 'Accessibility audit wk 6', 'Show, don’t present', 'Ship the boring parts first', 'Measure one thing', 'Retro with the client', 'Write it down', 'Celebrate, then iterate'], seed: 'cult-wall' })),
  img('culture-person-1.jpg', '4:5', (w, h) => A.portraitBlob(w, h, { pal: ['#8FB8FF', '#E8B894', '#001489', '#2B1D14', '#FFD23F'], seed: 'p1' }), { size: [1200, 1500] }),
  img('culture-person-2.jpg', '4:5', (w, h) => A.portraitBlob(w, h, { pal: ['#FFD23F', '#A86F4C', '#FF5C39', '#1A1A1A', '#FFFFFF'], seed: 'p2x' }), { size: [1200, 1500] }),
  img('culture-person-3.jpg', '4:5', (w, h) => A.portraitBlob(w, h, { pal: ['#FF9F80', '#F1CBB0', '#2F4A3A', '#B5651D', '#001489'], seed: 'p3y' }), { size: [1200, 1500] }),
  img('culture-flow.jpg', '2:3', (w, h) => A.flowField(w, h, { pal: ['#001489', '#8FB8FF', '#FFFFFF', '#FFD23F'], seed: 'cult-flow', lines: 650 })),

  // ------------------------------------------------ Homepage & general
  img('home-statement.jpg', '21:9', (w, h) => A.gradientType(w, h, { pal: ['#001489', '#3D5BFF', '#FF5C39', '#8FB8FF'], text: 'Useful things, made beautifully.', sub: 'Brand, product and web — from Reykjavík since 2013', seed: 'home-s' })),
  img('home-bauhaus.jpg', '4:5', (w, h) => A.bauhaus(w, h, { pal: ['#001489', '#FFFFFF', '#FF5C39', '#FFD23F', '#8FB8FF'], seed: 'home-b', cols: 4 })),
  img('og-image.jpg', '1.91:1', (w, h) => A.gradientType(w, h, { pal: ['#001489', '#3D5BFF', '#FF5C39', '#8FB8FF'], text: 'Lintur', sub: 'Design & development studio · Reykjavík', seed: 'og', weight: 900 }), { size: [1200, 630] }),
  img('favicon.png', '1:1', (w, h) => A.svgDoc(w, h, `<rect width="${w}" height="${h}" rx="${w * 0.22}" fill="#001489"/>${A.drawMark('default', 0, '#fff', '#fff').slice(0, 0)}<text x="${w / 2}" y="${h * 0.74}" font-family="Inter" font-weight="900" font-size="${h * 0.72}" fill="#ffffff" text-anchor="middle">L</text><circle cx="${w * 0.72}" cy="${h * 0.68}" r="${w * 0.07}" fill="#FF5C39"/>`), { size: [512, 512], format: 'png', grain: 0 }),
];

// Where each picture's subject is (see `focus` above). Worked out from the art in art/ and
// videos.mjs, and checked on the contact sheets of `npm run crops`.
const FRAMES = {
  // Posters: the headline block at the bottom; tall ones keep it in a 4:3 card and a 1.91:1 share.
  'havbro-thumb.jpg': [0.5, 0.715, 0.9, 0.42],
  'ogn-thumb.jpg': [0.5, 0.6, 0.9, 0.5],
  'ogn-poster.jpg': [0.5, 0.63, 0.7, 0.3],
  'saltvik-thumb.jpg': [0.5, 0.8, 0.9, 0.25],
  'library-thumb.jpg': [0.5, 0.775, 0.9, 0.32],
  'myrkur-thumb.jpg': [0.5, 0.675, 0.9, 0.38],
  'nota-thumb.jpg': [0.5, 0.56, 0.9, 0.42],
  'myrkur-posters.jpg': [0.5, 0.5, 0.4, 0.8],
  'saltvik-posters.jpg': [0.5, 0.5, 0.4, 0.8],
  'home-statement.jpg': [0.5, 0.5, 0.9, 0.4],
  'havbro-wayfinding.jpg': [0.5, 0.5, 0.9, 0.4],
  'og-image.jpg': [0.5, 0.5, 0.9, 0.6],
  // Mock-ups: the device, and on browsers the page's headline at the left.
  'havbro-hero.jpg': [0.5, 0.5, 0.6, 0.8],
  'saltvik-hero.jpg': [0.5, 0.5, 0.7, 0.8],
  'nota-hero.jpg': [0.5, 0.5, 0.7, 0.8],
  'nota-single.jpg': [0.5, 0.5, 0.5, 0.78],
  'library-phones.jpg': [0.5, 0.5, 0.5, 0.8],
  'myrkur-app.jpg': [0.5, 0.45, 0.5, 0.6],
  'library-hero.jpg': [0.5, 0.45, 0.8, 0.8],
  'ice-hero.jpg': [0.5, 0.45, 0.8, 0.8],
  'ogn-shop.jpg': [0.5, 0.45, 0.8, 0.8],
  'leir-shop.jpg': [0.5, 0.45, 0.8, 0.8],
  'fellborg-web.jpg': [0.46, 0.5, 0.7, 0.8],
  'basalt-web.jpg': [0.46, 0.5, 0.7, 0.8],
  // Maps and charts: the labelled parts.
  'fellborg-thumb.jpg': [0.45, 0.6, 0.8, 0.7],
  'fellborg-hero.jpg': [0.48, 0.5, 0.6, 0.5],
  'ice-contours.jpg': [0.5, 0.62, 0.8, 0.65],
  'ice-thumb.jpg': [0.5, 0.5, 0.9, 0.85],
  'basalt-hero.jpg': [0.5, 0.6, 0.9, 0.7],
  'basalt-drawing.jpg': [0.5, 0.6, 0.9, 0.7],
  'myrkur-hero.jpg': [0.35, 0.7, 0.5, 0.4],
  // Objects, scenes and people.
  'ogn-hero.jpg': [0.5, 0.5, 0.75, 0.7],
  'leir-hero.jpg': [0.5, 0.55, 0.6, 0.6],
  'leir-thumb.jpg': [0.5, 0.55, 0.7, 0.5],
  'culture-hero.jpg': [0.5, 0.5, 0.6, 0.85],
  'culture-desk.jpg': [0.5, 0.5, 0.8, 0.72],
  'culture-sketchbook.jpg': [0.5, 0.45, 0.8, 0.6],
  'library-sketch.jpg': [0.5, 0.5, 0.8, 0.8],
  'culture-swatches.jpg': [0.5, 0.5, 0.7, 0.8],
  'culture-person-1.jpg': [0.5, 0.44, 0.5, 0.6],
  'culture-person-2.jpg': [0.5, 0.44, 0.5, 0.6],
  'culture-person-3.jpg': [0.5, 0.44, 0.5, 0.6],
  'typelab-thumb.jpg': [0.45, 0.55, 0.85, 0.5],
  'typelab-hero.jpg': [0.5, 0.5, 0.9, 0.8],
};
for (const image of IMAGES) if (FRAMES[image.name]) image.focus = FRAMES[image.name];

const byName = new Map(IMAGES.map((image) => [image.name, image]));

/** The crop and hotspot of a catalogue image, as Sanity stores them on an image field. */
export function framing(name) {
  const image = byName.get(name);
  if (!image) throw new Error(`Not in the image catalogue: ${name}`);
  const [x, y, width, height] = image.focus;
  const [top, bottom, left, right] = image.crop;
  return {
    crop: { _type: 'sanity.imageCrop', top, bottom, left, right },
    hotspot: { _type: 'sanity.imageHotspot', x, y, width, height },
  };
}
