// The five singletons: the site's settings and its four pages.
import { VIDEOS } from '../videos.mjs';

const [REEL] = VIDEOS.map((v) => v.id);

export function general({ rt, image }) {
  return {
    _id: 'general',
    _type: 'general',
    siteTitle: 'Lintur',
    metaDescription: 'Lintur is a design and development studio in Reykjavík. We make brands, digital products and websites for people who would rather be useful than loud.',
    favicon: { _type: 'image', _sanityAsset: 'image@file://./images/favicon.png' },
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
}

export function homepage({ rt, seo, one, mainImage, mainVideo, text, media, gallery, projects }) {
  return {
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
}

/** The work page lists every visible project, in its own order. */
export function workPage({ rt, seo, ref }, P) {
  const visible = P.filter((p) => !p.hidden);
  const page = {
    _id: 'workPage',
    _type: 'workPage',
    title: 'Work',
    hidden: false,
    seo: seo('Selected projects by Lintur: identities, digital products and websites for clients across the Nordics.', 'havbro-hero.jpg', 'The Havbro Ferries app on three phones'),
    intro: rt('A selection of projects from the last five years. Each one started with a conversation and a lot of listening. Want to hear more about one of them? [Get in touch](mailto:hello@lintur.studio).'),
    projects: ['project-myrkur', 'project-nota', 'project-havbro', 'project-ice-ledger', 'project-fellborg', 'project-library', 'project-ogn', 'project-saltvik', 'project-leir', 'project-basalt'].map(ref),
  };
  if (page.projects.length !== visible.length) throw new Error('workPage should list every visible project');
  return page;
}

export function culturePage({ rt, seo, one, mainImage, mainVideo, text, media, gallery, people, person }) {
  return {
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
}

export function legalPage({ rt, seo }) {
  return {
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
}
