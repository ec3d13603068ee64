// The projects, in the order the studio did them in the dataset's story: ten client case studies
// and one hidden in-house project. Each is a `project` document; its slug is written as a string.
import { VIDEOS } from '../videos.mjs';
import { library } from './library.mjs';

export function buildProjects(blocks) {
  const { rt, seo, one, mainImage, mainVideo, text, media, gallery, projects } = blocks;
  const [, MYRKUR_VIDEO] = VIDEOS.map((v) => v.id);
  const P = [];
  const project = (p) => {
    P.push({ _type: 'project', hidden: false, ...p, slug: { _type: 'slug', current: p.slug } });
  };

  project({
    _id: 'project-havbro',
    title: 'Calm crossings',
    slug: 'havbro-ferries',
    client: 'Havbro Ferries',
    year: 2024,
    services: ['Product strategy', 'UX & UI design', 'iOS & Android', 'Wayfinding'],
    excerpt: 'A booking app and a wayfinding system for a ferry line that carries 1.1 million passengers a year across some of the roughest water in the North Atlantic.',
    seo: seo('How Lintur rebuilt booking, boarding and wayfinding for Havbro Ferries — and cut check-in queues by 38%.', 'havbro-thumb.jpg', 'Havbro Ferries poster: “Cross the water calmly.” over orange and teal wave lines'),
    thumbnail: one(mainImage('havbro-thumb.jpg', 'Navy poster with orange and teal wave lines and the words “Cross the water calmly.”')),
    hero: one(mainImage('havbro-hero.jpg', 'Three phones showing the Havbro app: trip list, outbound boarding pass and return boarding pass')),
    modules: [
      text('The challenge', rt(
        'Havbro has run the same three routes since 1962. Its booking flow had not kept up: 14 screens to buy a foot-passenger ticket, a PDF boarding pass nobody could find on the quay, and a call centre that took 41% of all bookings because the website gave up on vehicles over 5 metres.',
        'On board, signs in three generations of typeface sent passengers to decks that had been renumbered in 2009.',
      )),
      media(mainImage('havbro-identity.jpg', 'Havbro identity board: wave mark, navy and orange swatches, pattern tiles and the tagline “Every crossing, one calm tap.”'), 'full', 'A calmer identity: one mark, four colours, one typeface across app, ship and quay.'),
      text('What we did', rt(
        'We spent the first two weeks on the quay in Seyðisfjörður with a clipboard, not a laptop. The brief changed from “a new app” to “get people and cars on board without a queue”.',
        '- A three-tap booking flow for foot passengers, with vehicles measured from the registration plate',
        '- Boarding passes that work offline and live in Apple and Google Wallet',
        '- 212 bilingual signs across three vessels, set in a single typeface with deck colours you can name',
      )),
      media(mainImage('havbro-wayfinding.jpg', 'Panoramic wayfinding sign reading “Deck 4 → Cabins 401–460” on a dark teal gradient'), 'half', 'Deck signage uses the same colours as the app’s boarding pass.'),
      text('Outcome', rt(
        'Six months after launch, **71%** of bookings are made in the app, check-in queues are 38% shorter, and calls to the contact centre have halved. The app holds a 4.8 rating on both stores.',
      )),
      projects('More work', ['project-ice-ledger', 'project-saltvik']),
    ],
  });

  project({
    _id: 'project-ogn',
    title: 'A speck of something good',
    slug: 'ogn-coffee-roasters',
    client: 'Ögn Coffee Roasters',
    year: 2023,
    services: ['Brand identity', 'Packaging', 'E-commerce', 'Art direction'],
    excerpt: 'Identity, packaging and a subscription shop for a harbour-side roastery that went from one café to 31 stockists in a year.',
    seo: seo('Brand identity, packaging and a subscription shop for Ögn Coffee Roasters.', 'ogn-hero.jpg', 'Three Ögn coffee bags in brown, terracotta and mustard'),
    thumbnail: one(mainImage('ogn-thumb.jpg', 'Terracotta poster with overlapping brown circles and the Ögn wordmark')),
    hero: one(mainImage('ogn-hero.jpg', 'Three Ögn coffee bags — Kaldbakur, Morgunn and Rökkur — standing on a sand-coloured table with scattered beans')),
    modules: [
      text('Small batch, big shelf', rt(
        'Ögn (Icelandic for “a speck”) roasts 40 kilos a day in a converted net loft by the old harbour. The founders wanted to sell beyond their own counter without looking like everyone else on the supermarket shelf.',
        'We built the identity around the bean itself: a single drawn mark, a warm, slightly rough grotesque and a colour for every roast that you can spot from across the aisle.',
      )),
      gallery('Identity & packaging', [
        mainImage('ogn-identity.jpg', 'Ögn identity board with the bean mark, League Spartan specimen and swatches in cream, espresso, terracotta and mustard'),
        mainImage('ogn-poster.jpg', 'Poster “Slow mornings” for the Morgunn espresso hanging on a sage-green wall'),
        mainImage('ogn-shop.jpg', 'Laptop showing the Ögn subscription shop with a grid of roasts'),
      ]),
      text('Subscriptions that pause themselves', rt(
        'The shop runs on Shopify with a custom subscription flow: pick a roast or let the roasters choose, and skip a delivery by replying “pause” to the dispatch email. Churn fell from 9.2% to 3.1% a month.',
      )),
      media(mainImage('ogn-shop.jpg', 'The Ögn subscription shop on a laptop'), 'half', 'Subscriptions now make up 58% of online revenue.'),
    ],
  });

  project({
    _id: 'project-saltvik',
    title: 'Stories that came in with the tide',
    slug: 'saltvik-maritime-museum',
    client: 'Saltvík Maritime Museum',
    year: 2022,
    services: ['Exhibition identity', 'Digital guide', 'Audio tour', 'Content design'],
    excerpt: 'An exhibition identity and a phone-based guide for a small museum in a former herring factory — no app download, no headphones to hand out.',
    seo: seo('Exhibition identity and a web-based visitor guide for the Saltvík Maritime Museum.', 'saltvik-thumb.jpg', 'The Herring Years exhibition poster'),
    thumbnail: one(mainImage('saltvik-thumb.jpg', 'Exhibition poster “The Herring Years” with red and brass horizontal bars on off-white paper')),
    hero: one(mainImage('saltvik-hero.jpg', 'Three phones showing the Saltvík guide: today’s exhibitions, audio tours and family trails')),
    modules: [
      text('A museum without a budget for hardware', rt(
        'Saltvík gets 60,000 visitors a summer and three staff in winter. The old audio guides cost more to repair than to buy. We replaced them with a web guide that opens from a QR code at the door and works on the factory’s patchy signal.',
      )),
      media(mainImage('saltvik-posters.jpg', '“Voices of the Harbour” poster in red with dark overlapping circles, hung on a pale wall'), 'full', 'Voices of the Harbour: twelve stops, recorded with former factory workers.'),
      gallery('The Herring Years', [
        mainImage('saltvik-identity.jpg', 'Saltvík identity board with an arch mark, EB Garamond specimen and red, black and brass swatches'),
        mainImage('saltvik-thumb.jpg', 'The Herring Years poster'),
        mainImage('saltvik-hero.jpg', 'The Saltvík web guide on three phones'),
      ]),
      text('Outcome', rt(
        'Two in three visitors now use the guide, the average visit is 22 minutes longer, and the museum shop takes 15% more — mostly, the curator tells us, postcards of the posters.',
      )),
    ],
  });

  project({
    _id: 'project-nota',
    title: 'Money, calmly',
    slug: 'nota-money-app',
    client: 'Nóta',
    year: 2025,
    services: ['Product design', 'Design system', 'React Native', 'Motion'],
    excerpt: 'A money app for people who find money apps stressful: pots instead of budgets, plain words instead of charts, and no red numbers at all.',
    seo: seo('Product design and a design system for Nóta, the everyday money app.', 'nota-thumb.jpg', 'Nóta: “Money, calmly.”'),
    thumbnail: one(mainImage('nota-thumb.jpg', 'Dark violet and mint gradient with the words “Money, calmly.”')),
    hero: one(mainImage('nota-hero.jpg', 'Three phones with the Nóta app: balance, savings pots and a monthly summary')),
    modules: [
      text('Designing against anxiety', rt(
        'Nóta’s research found that 62% of its target users avoided opening their banking app in the last week of the month. We designed for that week first.',
        '- Pots, not budgets: money is set aside the day it arrives',
        '- Spending is shown as what is *left*, never as what is *over*',
        '- Every notification can be snoozed until payday',
      )),
      media(mainImage('nota-single.jpg', 'A single phone showing the Nóta savings screen on a mint-to-violet gradient'), 'half', 'The savings screen, in dark mode.'),
      media(mainImage('nota-pattern.jpg', 'Geometric pattern of violet, mint, black and lilac circles, quarter-circles and triangles'), 'half', 'Pattern from the Nóta design system, used on cards and onboarding.'),
      text('One system, two platforms, one team', rt(
        'We shipped the design system as tokens and React Native components, shared with Nóta’s own engineers from day one. The app reached 120,000 accounts in its first five months, with a 4.9 rating on the App Store.',
      ), true),
    ],
  });

  project({
    _id: 'project-fellborg',
    title: 'Repair, don’t replace',
    slug: 'fellborg-outdoor',
    client: 'Fellborg Outdoor',
    year: 2024,
    services: ['Brand refresh', 'Shopify Plus', 'Repair platform', 'Photography direction'],
    excerpt: 'A brand refresh and a new shop for an outdoor-clothing maker that now books more repairs than it sells new jackets in February.',
    seo: seo('A brand refresh, shop and repair platform for Fellborg Outdoor.', 'fellborg-thumb.jpg', 'Fellborg topographic pattern'),
    thumbnail: one(mainImage('fellborg-thumb.jpg', 'Moss-green topographic contour lines with a yellow label reading “FELLBORG · 64°N”')),
    hero: one(mainImage('fellborg-hero.jpg', 'Panoramic contour map with three marked waypoints: hut, pass and camp')),
    modules: [
      text('Made for the weather we actually have', rt(
        'Fellborg makes shells and layers in a workshop outside Akureyri and offers free repairs for life. Almost nobody knew. The old site buried the repair promise on page four of the FAQ.',
        'We moved it to the front door: the new identity is drawn from contour maps, the tagline is the promise itself, and every product page ends with “how to fix this”.',
      )),
      media(mainImage('fellborg-web.jpg', 'The Fellborg website in a browser window: “Repair, don’t replace. Free for life.”'), 'full', 'The new homepage leads with the repair promise.'),
      gallery('Identity', [
        mainImage('fellborg-identity.jpg', 'Fellborg identity board: mountain mark, Karla specimen and moss, lichen, yellow and slate swatches'),
        mainImage('fellborg-thumb.jpg', 'Fellborg contour pattern'),
        mainImage('fellborg-hero.jpg', 'Fellborg contour map with waypoints'),
        mainImage('fellborg-web.jpg', 'Fellborg homepage'),
      ]),
      text('Outcome', rt(
        'Repair requests went from 300 to 2,400 a year, returning customers rose by 44%, and the repair booking flow — a Shopify app we built — is now licensed to two other Nordic brands.',
      )),
    ],
  });

  project(library(blocks));

  project({
    _id: 'project-myrkur',
    title: 'Dance in the dark',
    slug: 'myrkur-festival',
    client: 'Myrkur Festival',
    year: 2025,
    services: ['Festival identity', 'Motion', 'Festival app', 'Ticketing UX'],
    excerpt: 'A moving identity and a festival app for four nights of music in the darkest week of the Reykjavík winter. Sold out in nine days.',
    seo: seo('Identity, motion and a festival app for Myrkur, Reykjavík’s midwinter music festival.', 'myrkur-hero.jpg', 'Myrkur 25 flow-field artwork'),
    thumbnail: one(mainImage('myrkur-thumb.jpg', 'Tall black poster with pink and violet rays and “MYRKUR FESTIVAL 16—19 JAN” in acid green')),
    hero: one(mainImage('myrkur-hero.jpg', 'Generative flow-field lines in acid green, magenta and violet on black, with “MYRKUR 25”')),
    modules: [
      text('An identity that is never the same twice', rt(
        'Myrkur means darkness. The festival takes place in mid-January, when Reykjavík gets four hours of daylight, and wanted an identity that felt like light in the dark without becoming a neon cliché.',
        'We wrote a small generative system: every poster, ticket and social post grows its own flow field from the artist’s name and set time. 1,400 unique pieces of artwork, no two alike, all from one typeface and three colours.',
      )),
      media(mainVideo(MYRKUR_VIDEO, true, 3), 'half', 'The motion poster, played on the screens at Harpa during the festival.'),
      gallery('Posters, app and motion', [
        mainImage('myrkur-posters.jpg', '“Dance in the dark” poster in violet and acid green on a dark wall'),
        mainVideo(MYRKUR_VIDEO, false, 1),
        mainImage('myrkur-app.jpg', 'The Myrkur app on a phone showing tonight’s line-up, with the headliner highlighted'),
        mainImage('myrkur-flow.jpg', 'Panoramic flow field in magenta and violet'),
      ], true),
      text('Outcome', rt(
        'All 6,000 four-day passes sold in nine days. 81% of ticket holders installed the app; the “who’s on now” screen was opened 210,000 times over four nights.',
      )),
    ],
  });

  project({
    _id: 'project-basalt',
    title: 'Buildings for the long weather',
    slug: 'basalt-arkitektar',
    client: 'Basalt Arkitektar',
    year: 2021,
    services: ['Website', 'Art direction', 'Headless CMS'],
    excerpt: 'A quiet, fast website for an architecture practice that would rather show drawings than renderings.',
    seo: seo('A website and headless CMS for Basalt Arkitektar.', 'basalt-web.jpg', 'Basalt Arkitektar website in a browser'),
    thumbnail: one(mainImage('basalt-thumb.jpg', 'Dark hexagonal basalt-column pattern with a few rust-coloured columns')),
    hero: one(mainImage('basalt-hero.jpg', 'Architectural south elevation drawing of a housing scheme on gridded paper')),
    modules: [
      text('Show the drawings', rt(
        'Basalt’s partners were tired of websites that looked like property brochures. Their best work lives in section drawings and site models, so we built the site around them: generous white space, a strict grid and images that load in under a second on a rural connection.',
      )),
      media(mainImage('basalt-web.jpg', 'The Basalt Arkitektar website: a project grid beneath “Buildings for the long weather.”'), 'full', 'Projects are filed by place, not by year.'),
      media(mainImage('basalt-drawing.jpg', 'Section drawing of a swimming hall, black ink on grey grid paper'), 'half', 'Sundlaug — section A. Drawings are shown at true scale on large screens.'),
      text('Outcome', rt(
        'The site scores 100 on Lighthouse performance, the practice updates it weekly without us, and two of last year’s competition invitations mentioned it by name.',
      )),
    ],
  });

  project({
    _id: 'project-leir',
    title: 'Thrown by hand, sold online',
    slug: 'leir-and-co',
    client: 'Leir & Co',
    year: 2022,
    services: ['Brand identity', 'Packaging', 'E-commerce'],
    excerpt: 'An identity and shop for a two-person ceramics studio whose kiln opens four times a year — and sells out in an afternoon.',
    seo: seo('Brand identity, packaging and an online shop for Leir & Co ceramics.', 'leir-hero.jpg', 'Leir & Co vessels'),
    thumbnail: one(mainImage('leir-thumb.jpg', 'Two glazed vessels in blue and sand on a clay-coloured plinth')),
    hero: one(mainImage('leir-hero.jpg', 'Five hand-thrown vessels in blue, rust, white and charcoal glazes on a plinth')),
    modules: [
      text('Four kilns a year', rt(
        'Leir & Co make tableware in a studio in Hveragerði, firing with geothermal steam-heated kilns. Each firing produces around 300 pieces. The old shop crashed every time one opened.',
        'We designed a “kiln opening” model: a countdown, a waiting list and a shop that holds an item in your basket for ten minutes so nobody loses a bowl at checkout.',
      )),
      gallery('Identity and shop', [
        mainImage('leir-identity.jpg', 'Leir & Co identity board with the vessel mark, EB Garamond specimen and clay, glaze-blue and kiln-red swatches'),
        mainImage('leir-shop.jpg', 'The Leir & Co shop on a laptop: “The autumn kiln”'),
        mainImage('leir-thumb.jpg', 'Two vessels on a plinth'),
      ]),
      text('Outcome', rt(
        'The autumn kiln sold out in 47 minutes without a single failed payment. The waiting list has 8,300 names on it.',
      )),
    ],
  });

  project({
    _id: 'project-ice-ledger',
    title: 'Every glacier, every year',
    slug: 'ice-ledger',
    client: 'Ice Ledger',
    year: 2024,
    services: ['Data visualisation', 'Open data platform', 'Design system', 'Interactive maps'],
    excerpt: 'An open data platform that makes thirty years of glacier measurements readable for journalists, teachers and policy-makers.',
    seo: seo('Data visualisation and an open data platform for Ice Ledger, a climate data non-profit.', 'ice-thumb.jpg', 'Chart of cumulative glacier mass loss'),
    thumbnail: one(mainImage('ice-card.jpg', 'Bar and line chart of cumulative mass loss of Vatnajökull outlet glaciers, 1995–2025, with the record melt of 2023 marked')),
    hero: one(mainImage('ice-hero.jpg', 'Laptop showing the Ice Ledger dashboard: contour map, mass balance figure and trend line')),
    modules: [
      text('Data people can use', rt(
        'Ice Ledger is a non-profit that collects measurements from 40 monitored glaciers. The data was public, but it lived in 600 spreadsheets and a 90-page methods PDF. Journalists called the lead scientist directly, often at midnight.',
        'We designed the platform around three questions every visitor asks: *how much ice is gone, how fast, and what does it mean here?*',
      )),
      media(mainImage('ice-chart.jpg', 'Chart of terminus retreat for 40 monitored glaciers since 2000, median −1,180 metres'), 'full', 'Every chart can be downloaded as SVG, PNG or CSV, with the citation baked in.'),
      gallery('Maps and charts', [
        mainImage('ice-contours.jpg', 'Square contour map of a glacier terminus with three survey points'),
        mainImage('ice-card.jpg', 'Cumulative mass loss chart'),
        mainImage('ice-hero.jpg', 'The Ice Ledger dashboard'),
      ]),
      text('Outcome', rt(
        'In its first year the platform was cited in 340 news stories and used in 120 classrooms. The lead scientist reports that her phone is now quiet after 10 pm.',
      ), true),
      projects('More work', ['project-library', 'project-fellborg']),
    ],
  });

  // Hidden, unlisted internal project: served, but noindex and left out of lists.
  project({
    _id: 'project-type-lab',
    title: 'Lintur Grotesk (work in progress)',
    slug: 'lintur-type-lab',
    client: 'Lintur (internal)',
    year: 2025,
    hidden: true,
    services: ['Type design', 'Research'],
    excerpt: 'An in-house typeface with full Icelandic, Faroese and Sámi support. Not ready to show — but here is where we are.',
    seo: seo('Lintur Grotesk: an in-house typeface, work in progress.', null, null, true),
    thumbnail: one(mainImage('typelab-thumb.jpg', 'Type specimen of Lintur Grotesk in white on Lintur blue')),
    hero: one(mainImage('typelab-hero.jpg', 'Panoramic specimen reading “Ásýnd 2026” with weights from 100 to 900')),
    modules: [
      text('Why draw a typeface?', rt(
        'Half of our clients need Icelandic and Faroese characters that most display faces draw as an afterthought: þ, ð, æ, ø. We are drawing one that gets them right from the start. Five weights so far; italics next winter.',
      )),
    ],
  });
  return P;
}

// A draft of an existing project: a changed title and excerpt, to demonstrate preview.
export function draftOf(P) {
  return {
    ...structuredClone(P.find((p) => p._id === 'project-ogn')),
    _id: 'drafts.project-ogn',
    title: 'A speck of something good — now in 31 shops',
    excerpt: 'DRAFT: Identity, packaging and a subscription shop for a harbour-side roastery. Updated figures for the 2025 season: 31 stockists, 58% of online revenue from subscriptions.',
  };
}
