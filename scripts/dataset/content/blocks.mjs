// The pieces the dataset's documents are made of: rich text, images, videos, modules, SEO.
// Every _key comes from one seeded sequence, so the documents are built in the same order every
// time (content.mjs) and the dataset comes out byte for byte the same.
import { keyMaker } from '../lib.mjs';
import { makePT } from '../pt.mjs';
import { framing } from '../images.mjs';
import { VIDEOS } from '../videos.mjs';

export function makeBlocks(seed) {
  const key = keyMaker(seed);
  // Every image carries the crop and hotspot of its catalogue entry (images.mjs), which keep
  // its subject in each ratio the site cuts it to.
  const { rt, image } = makePT(key, framing);
  const mainImage = (file, alt) => ({ _key: key(), _type: 'mainImage', image: image(file, alt) });
  const mainVideo = (ref, isVideoPlayer, thumbnailTime) => ({
    _key: key(),
    _type: 'mainVideo',
    video: { _type: 'mux.video', asset: { _type: 'reference', _ref: ref } },
    isVideoPlayer,
    // What the video shows, for screen readers: the same wherever the video is used.
    description: VIDEOS.find((v) => v.id === ref).description,
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
  return { key, rt, image, mainImage, mainVideo, one, ref, seo, text, media, gallery, person, people, projects };
}
