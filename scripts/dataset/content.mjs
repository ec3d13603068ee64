// The documents of the bundled dataset (Lintur, a design & development studio in Reykjavík).
// British English throughout. All people, clients and figures are fictional.
import { keyMaker } from './lib.mjs';
import { makePT } from './pt.mjs';
import { VIDEOS } from './videos.mjs';
import { framing } from './images.mjs';

export function buildDocuments() {
  const key = keyMaker('lintur-dataset-v1');
  // Every image carries the crop and hotspot of its catalogue entry (images.mjs), which keep
  // its subject in each ratio the site cuts it to.
  const { rt, image } = makePT(key, framing);
  const mainImage = (file, alt) => ({ _key: key(), _type: 'mainImage', image: image(file, alt) });
  const mainVideo = (ref, isVideoPlayer, thumbnailTime) => ({
    _key: key(),
    _type: 'mainVideo',
    video: { _type: 'mux.video', asset: { _type: 'reference', _ref: ref } },
    isVideoPlayer,
    thumbnailTime,
  });
  const one = (item) => [item];
  const ref = (id) => ({ _type: 'reference', _ref: id, _key: key() });
  const seo = (metaDescription, ogFile, ogAlt, notIndexed = false) => ({
    _type: 'seo',
    notIndexed,
    metaDescription,
    ...(ogFile ? { ogImage: image(ogFile, ogAlt) } : {}),
  });
  const text = (heading, body, inverted) => ({ _key: key(), _type: 'textModule', heading, body, ...(inverted ? { inverted: true } : {}) });
  const media = (item, size, caption, inverted) => ({ _key: key(), _type: 'mediaModule', media: one(item), size, caption, ...(inverted ? { inverted: true } : {}) });
  const gallery = (heading, items, inverted) => ({ _key: key(), _type: 'galleryModule', heading, items, ...(inverted ? { inverted: true } : {}) });
  const person = (file, alt, name, role) => ({ _key: key(), _type: 'person', image: image(file, alt), name, role });
  const people = (heading, list, inverted) => ({ _key: key(), _type: 'peopleModule', heading, people: list, ...(inverted ? { inverted: true } : {}) });
  const projects = (heading, ids, inverted) => ({ _key: key(), _type: 'projectsModule', heading, projects: ids.map(ref), ...(inverted ? { inverted: true } : {}) });

  const [REEL, MYRKUR_VIDEO] = VIDEOS.map((v) => v.id);

  // ------------------------------------------------------------------ projects
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

  // The long-form "journal" case study: exercises every rich-text feature.
  project({
    _id: 'project-library',
    title: 'One card, eleven branches',
    slug: 'eastfjords-libraries',
    client: 'Eastfjords Libraries',
    year: 2023,
    services: ['Service design', 'Accessibility', 'Web app', 'Content strategy'],
    excerpt: 'Eleven small libraries, one catalogue and a service that works as well for a nine-year-old as for a retired trawlerman with a screen reader.',
    seo: seo('Service design and a web app for Eastfjords Libraries: one card for eleven branches.', 'library-thumb.jpg', 'Borrow the world — Eastfjords Libraries poster'),
    thumbnail: one(mainImage('library-thumb.jpg', 'Cobalt poster with coral quarter-circles and the words “Borrow the world”')),
    hero: one(mainImage('library-hero.jpg', 'Laptop showing the Lánið website: “Your library, in your pocket.”')),
    modules: [
      text('Journal: how we built Lánið', rt(
        '# Eleven libraries, eleven systems',
        'Until 2022, each of the eleven libraries in the Eastfjords had its own opening hours page, its own loan rules and, in two cases, its own card. A family in Egilsstaðir could not return a book in Reyðarfjörður, 34 kilometres away, because the systems did not talk to each other.',
        'The municipalities asked for “a new website”. What they needed was **one service**. This is the long version of how we got there — the short version is on our [home page](@homepage).',
        '## What we heard',
        'We ran 46 interviews in six weeks: at issue desks, in the mobile library van and at two schools. Three things came up again and again:',
        '- Opening hours were the most visited page and the least trusted',
        '- Renewing a loan needed a phone call in seven of eleven branches',
        '  - and the phone lines were open two hours a day',
        '  - which people called, in one memorable interview, “a fine generator”',
        '- Events were advertised on paper, in the branch, after they had happened',
        '> “I don’t want an app. I want to know if the library is open before I drive there in the snow.” — a parent in Djúpivogur',
        '## The principles we agreed on',
        '1. One card, valid everywhere, issued online in under two minutes',
        '2. Every loan can be renewed without talking to anyone',
        '  1. Automatic renewal when nobody is waiting',
        '  2. A single “renew all” button when someone is',
        '3. Works on a ten-year-old phone, a screen reader and a school Chromebook',
        '![Early sketches for the onboarding flow and logo explorations in a dotted notebook](library-sketch.jpg)',
        '### Design decisions',
        'We dropped the planned native app. A *fast, installable web app* reached more people for a third of the cost, and the librarians could edit everything themselves. We kept the interface quiet: one typeface, two accent colours, and ==large tap targets everywhere==.',
        'Search is forgiving: it understands Icelandic with or without accents, so `bokasafn` finds __bókasafn__. We shipped ~~three~~ ~~four~~ five rounds of accessibility testing with the Icelandic Association of the Visually Impaired before launch.',
        '#### A note on fines',
        'Fines on children’s books were abolished on launch day. The libraries lost 1.2 million krónur a year in fines and gained 1,900 returning young members in the first term.',
        '##### Technical footnote',
        'The web app reads the shared catalogue through an open API; we published the client as open source on [GitHub](https://github.com/). Ferry timetables for the branch at Seyðisfjörður come from the app we built for [Havbro Ferries](@project-havbro).',
        '# Outcome',
        '- 14,200 cards issued online in the first year (the region has 11,000 residents — summer visitors count)',
        '- 83% of renewals now happen without staff',
        '- Accessibility: WCAG 2.2 AA, audited twice a year',
      )),
      media(mainImage('library-phones.jpg', 'Two phones with the Lánið app: search and My loans, on coral'), 'full', 'Search and My loans: the two screens that replaced most phone calls.'),
      gallery('Process', [
        mainImage('library-sketch.jpg', 'Notebook with onboarding wireframes and logo explorations'),
        mainImage('library-identity.jpg', 'Lánið identity board with the two-book mark, Inter specimen and cobalt, coral and ink swatches'),
        mainImage('library-thumb.jpg', 'Borrow the world poster'),
        mainImage('library-hero.jpg', 'The Lánið website on a laptop'),
        mainImage('library-phones.jpg', 'The Lánið app on two phones'),
      ]),
      projects('Related work', ['project-saltvik', 'project-ice-ledger', 'project-havbro']),
    ],
  });

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

  const byId = Object.fromEntries(P.map((p) => [p._id, p]));

  // Draft of an existing project: a changed title and excerpt, to demonstrate preview.
  const draft = {
    ...structuredClone(byId['project-ogn']),
    _id: 'drafts.project-ogn',
    title: 'A speck of something good — now in 31 shops',
    excerpt: 'DRAFT: Identity, packaging and a subscription shop for a harbour-side roastery. Updated figures for the 2025 season: 31 stockists, 58% of online revenue from subscriptions.',
  };

  // ------------------------------------------------------------------ singletons
  const general = {
    _id: 'general',
    _type: 'general',
    siteTitle: 'Lintur',
    metaDescription: 'Lintur is a design and development studio in Reykjavík. We make brands, digital products and websites for people who would rather be useful than loud.',
    favicon: image('favicon.png', 'Lintur favicon: a white L on Lintur blue'),
    ogImage: image('og-image.jpg', 'Lintur — design & development studio, Reykjavík'),
    address: rt(
      '**Lintur Studio ehf.**',
      'Hafnarslóð 14, 3rd floor',
      '101 Reykjavík, Iceland',
      '[hello@lintur.studio](mailto:hello@lintur.studio)',
      '[+354 555 0142](tel:+3545550142)',
    ),
    copyright: 'Lintur Studio ehf.',
    officePlaylistUrl: 'https://open.spotify.com/playlist/4Lq9vTzR2mXkP7bN1cYd8s',
    siteUrl: 'https://lintur.studio',
  };

  const homepage = {
    _id: 'homepage',
    _type: 'homepage',
    title: 'Home',
    hidden: false,
    seo: seo('Lintur is a design and development studio in Reykjavík making brands, digital products and websites.', 'og-image.jpg', 'Lintur — design & development studio'),
    hero: one(mainVideo(REEL, false, 1)),
    intro: rt(
      'Lintur is a design and development studio in Reykjavík. We make brands, digital products and websites for ferry lines and coffee roasters, museums and money apps — for people who would rather be *useful* than loud.',
    ),
    modules: [
      text('What we do', rt(
        'Twenty-four designers, developers and writers under one roof by the old harbour. We take on around twelve projects a year and work on each from the first workshop to the last line of code.',
        '- Brand identity and art direction',
        '- Product design and design systems',
        '- Websites and web apps, built to last',
      )),
      projects('Selected work', ['project-myrkur', 'project-havbro', 'project-nota', 'project-ice-ledger']),
      text('How we work', rt(
        'Small teams, no hand-offs. The people you meet in the first meeting are the people who design and build your project. We show work every week, in the browser, and we tell you early when something is not working.',
        'Curious? Start with [our work for Myrkur Festival](@project-myrkur), or write to [hello@lintur.studio](mailto:hello@lintur.studio).',
      ), true),
      media(mainImage('home-statement.jpg', 'Blue and orange gradient with the words “Useful things, made beautifully.”'), 'full', 'Brand, product and web — from Reykjavík since 2013.'),
      gallery('Lately in the studio', [
        mainImage('ogn-poster.jpg', 'Slow mornings poster for Ögn Coffee Roasters'),
        mainImage('home-bauhaus.jpg', 'Geometric composition in Lintur blue, white, orange and yellow'),
        mainImage('culture-sketchbook.jpg', 'A studio sketchbook with wireframes and logo explorations'),
        mainImage('leir-hero.jpg', 'Hand-thrown vessels for Leir & Co'),
      ]),
    ],
  };

  const visible = P.filter((p) => !p.hidden);
  const workPage = {
    _id: 'workPage',
    _type: 'workPage',
    title: 'Work',
    hidden: false,
    seo: seo('Selected projects by Lintur: identities, digital products and websites for clients across the Nordics.', 'havbro-hero.jpg', 'The Havbro Ferries app on three phones'),
    intro: rt('A selection of projects from the last five years. Each one started with a conversation and a lot of listening. Want to hear more about one of them? [Get in touch](mailto:hello@lintur.studio).'),
    projects: ['project-myrkur', 'project-nota', 'project-havbro', 'project-ice-ledger', 'project-fellborg', 'project-library', 'project-ogn', 'project-saltvik', 'project-leir', 'project-basalt'].map(ref),
  };
  if (workPage.projects.length !== visible.length) throw new Error('workPage should list every visible project');

  const culturePage = {
    _id: 'culturePage',
    _type: 'culturePage',
    title: 'Culture',
    hidden: false,
    seo: seo('How we work at Lintur: small teams, long lunches, honest critique and a shared office playlist.', 'culture-hero.jpg', 'Isometric illustration of a Lintur desk'),
    hero: one(mainImage('culture-hero.jpg', 'Isometric illustration of a studio desk with a monitor, plant, notebook and bookshelf on a pink rug')),
    modules: [
      text('Small on purpose', rt(
        'We are twenty-four people in a former fish-net loft on Hafnarslóð. We could be bigger. We choose not to be: at this size everyone knows what everyone else is working on, and every project gets a senior designer and a senior developer from the first day to the last.',
      )),
      gallery('Studio life', [
        mainImage('culture-desk.jpg', 'Isometric illustration of a desk with a blue monitor and a yellow floor'),
        mainImage('culture-sketchbook.jpg', 'A sketchbook on a wooden desk with wireframes and a pencil'),
        mainImage('culture-swatches.jpg', 'A fan of colour swatches in blues, yellow, orange and green'),
        mainVideo(REEL, false, 3),
        mainImage('culture-flow.jpg', 'Flowing white and pale-blue lines on Lintur blue'),
      ]),
      // The notes' text is small: kept readable on phones (scrolls sideways there).
      { ...media(mainImage('culture-workshop.jpg', 'Workshop wall of sticky notes in four columns: Listen, Define, Make, Ship'), 'full', 'Every project starts with the same four columns.'), readableOnPhones: true },
      text('How we work', rt(
        '- **Four-day weeks** in July and December, for everyone',
        '- Lunch together every day; the kitchen rota is sacred',
        '- Critique on Thursdays: anyone can bring work, and nobody defends it',
        '- Ten days a year for learning, with a budget you do not need to justify',
        '- Remote when it helps, in the studio when it matters',
      )),
      people('Some of the people', [
        person('culture-person-1.jpg', 'Illustrated portrait of a designer in a blue sweater against a yellow sun', 'Sigrún Hallgrímsdóttir', 'Design director'),
        person('culture-person-2.jpg', 'Illustrated portrait of a developer in an orange top on yellow', 'Amira Haddad', 'Lead developer'),
        person('culture-person-3.jpg', 'Illustrated portrait of a writer in green against a peach background', 'Einar Logi Pálsson', 'Writer and content strategist'),
      ]),
      text('Join us', rt(
        'We hire a few people a year, usually in spring. We care more about what you have made and how you talk about it than about where you studied. Send a note and a few links to [jobs@lintur.studio](mailto:jobs@lintur.studio).',
      ), true),
    ],
  };

  const legalPage = {
    _id: 'legalPage',
    _type: 'legalPage',
    title: 'Legal Notice & Privacy Policy',
    hidden: false,
    seo: seo('Legal notice and privacy policy of Lintur Studio ehf.', null, null),
    body: rt(
      '## Legal notice',
      '**Lintur Studio ehf.**',
      'Hafnarslóð 14, 101 Reykjavík, Iceland',
      'Company ID (kennitala): 540913-0720 · VAT no. 118402',
      'Registered with the Icelandic Register of Enterprises (Fyrirtækjaskrá).',
      'Managing director: the board of Lintur Studio ehf.',
      'Email: [hello@lintur.studio](mailto:hello@lintur.studio) · Phone: [+354 555 0142](tel:+3545550142)',
      '## Privacy policy',
      'This policy explains what personal data is processed when you visit **lintur.studio**, why, and what your rights are. It applies to this website only. Last updated: 3 March 2025.',
      '### 1. Controller',
      'The controller responsible for processing is Lintur Studio ehf., at the address above. You can reach us about anything in this policy at [privacy@lintur.studio](mailto:privacy@lintur.studio).',
      '### 2. Hosting',
      'This website is hosted by Netlify, Inc., 512 2nd Street, San Francisco, CA 94107, USA. When you visit the site, Netlify processes the data your browser sends automatically in order to deliver the pages:',
      '- IP address (stored in server logs for a limited period, then deleted)',
      '- date and time of the request, the page requested and the referring page',
      '- browser type and version, and operating system',
      'We rely on our legitimate interest in a secure, reliable website (Art. 6(1)(f) GDPR). Netlify is certified under the EU–US Data Privacy Framework; see [Netlify’s privacy policy](https://www.netlify.com/privacy/).',
      '### 3. Content management',
      'The texts, images and videos on this site are stored in Sanity, a content platform operated by Sanity AS, Oslo, Norway. Images are delivered from Sanity’s image CDN and videos from Mux, Inc. These services receive your IP address when they deliver a file; they do not receive any other personal data from us.',
      '### 4. Office music widget',
      'The menu shows what is playing on our office playlist on Spotify. Your browser asks our own server function for the current track, and the server asks Spotify; **your browser does not connect to Spotify** unless you click “Play on Spotify”, which opens Spotify in a new tab under [Spotify’s privacy policy](https://www.spotify.com/legal/privacy-policy/).',
      '### 5. Cookies',
      'We do **not** use analytics, advertising or tracking cookies, and we do not show a cookie banner because we do not need one.',
      '1. **No cookies for visitors.** Reading this site sets no cookies at all.',
      '2. **One cookie for editors.** Members of our team who preview unpublished changes receive a `__preview` session cookie.',
      '  1. It is strictly necessary for the preview feature and is deleted when the browser closes.',
      '  2. It is never set for ordinary visitors.',
      '### 6. Contacting us',
      'If you email or call us, we use your details only to answer you, and delete the correspondence after two years unless it has become part of a project or contract.',
      '### 7. Your rights',
      'Under the General Data Protection Regulation (GDPR), which applies in Iceland through the EEA Agreement and Act No. 90/2018, you have the right to:',
      '- access the personal data we hold about you',
      '- have inaccurate data corrected, and data deleted where there is no reason to keep it',
      '- restrict or object to processing based on legitimate interest',
      '  - including processing in server logs',
      '- data portability',
      '- lodge a complaint with the Icelandic Data Protection Authority (Persónuvernd), Rauðarárstígur 10, 105 Reykjavík, [www.personuvernd.is](https://www.personuvernd.is)',
      '> We will answer any request within one month, free of charge.',
      '#### Changes to this policy',
      'If we change how we handle data, we will update this page and the date above. ~~We send no newsletter~~ — there is nothing to unsubscribe from.',
      '##### Copyright',
      'All content on this site is © Lintur Studio ehf. or used with the permission of our clients. Client names and work are shown with their consent. Please ask before reusing anything; we usually say yes.',
      '###### Liability for links',
      'This site links to external websites, such as our [Instagram](https://www.instagram.com/). We checked them when we added them but are not responsible for their content. Back to the [home page](@homepage) or to our work for [Eastfjords Libraries](@project-library).',
    ),
  };

  // ------------------------------------------------------------------ videos
  const videoDocs = VIDEOS.map((v) => ({
    _id: v.id,
    _type: 'mux.videoAsset',
    playbackId: v.playbackId,
    assetId: v.assetId,
    status: 'ready',
    filename: `${v.id.replace('mux-asset-', '')}.mp4`,
    data: { aspect_ratio: v.aspect, mp4_support: v.mp4, duration: v.seconds, max_stored_resolution: v.h >= 720 ? 'HD' : 'SD' },
  }));

  // ------------------------------------------------------------------ redirects
  // Old addresses that still circulate: the previous site's URL scheme, a project renamed after
  // launch, and the careers page, for now on a hiring platform.
  const redirect = (id, source, destination, permanent = true) => ({
    _id: `redirect-${id}`,
    _type: 'redirect',
    source,
    destination: { _type: 'redirectDestination', ...destination },
    permanent,
  });
  const toPage = (id) => ({ type: 'internalLink', page: { _type: 'reference', _ref: id } });
  const redirects = [
    redirect('case-studies', '/case-studies', toPage('workPage')),
    redirect('old-havbro', '/projects/havbro', toPage('project-havbro')),
    redirect('nota-renamed', '/work/nota', toPage('project-nota')),
    redirect('careers', '/careers', { type: 'externalLink', href: 'https://careers.lintur.example/reykjavik' }, false),
  ];

  return [general, homepage, workPage, culturePage, legalPage, ...P, draft, ...videoDocs, ...redirects];
}
