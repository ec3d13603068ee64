// The documents beside the pages: the videos' Mux assets, and the redirects editors keep.
import { VIDEOS } from '../videos.mjs';

export function videoAssets() {
  return VIDEOS.map((v) => ({
    _id: v.id,
    _type: 'mux.videoAsset',
    playbackId: v.playbackId,
    assetId: v.assetId,
    status: 'ready',
    filename: `${v.id.replace('mux-asset-', '')}.mp4`,
    data: { aspect_ratio: v.aspect, mp4_support: v.mp4, duration: v.seconds, max_stored_resolution: v.h >= 720 ? 'HD' : 'SD' },
  }));
}

// Old addresses that still circulate: the previous site's URL scheme, a project renamed after
// launch, and the careers page, for now on a hiring platform.
export function redirects() {
  const redirect = (id, source, destination, permanent = true) => ({
    _id: `redirect-${id}`,
    _type: 'redirect',
    source,
    destination: { _type: 'redirectDestination', ...destination },
    permanent,
  });
  const toPage = (id) => ({ type: 'internalLink', page: { _type: 'reference', _ref: id } });
  return [
    redirect('case-studies', '/case-studies', toPage('workPage')),
    redirect('old-havbro', '/projects/havbro', toPage('project-havbro')),
    redirect('nota-renamed', '/work/nota', toPage('project-nota')),
    redirect('careers', '/careers', { type: 'externalLink', href: 'https://careers.lintur.example/reykjavik' }, false),
  ];
}
