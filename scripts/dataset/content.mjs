// The documents of the bundled dataset (Lintur, a design & development studio in Reykjavík).
// British English throughout. All people, clients and figures are fictional. Each kind of
// document is written in its own file under content/.
import { makeBlocks } from './content/blocks.mjs';
import { culturePage, general, homepage, legalPage, workPage } from './content/pages.mjs';
import { buildProjects, draftOf } from './content/projects.mjs';
import { redirects, videoAssets } from './content/site.mjs';

export function buildDocuments() {
  const blocks = makeBlocks('lintur-dataset-v1');
  // The order documents are built in is the order their keys are drawn: keep it, or every key
  // in data.ndjson changes.
  const projects = buildProjects(blocks);
  const pages = [
    general(blocks),
    homepage(blocks),
    workPage(blocks, projects),
    culturePage(blocks),
    legalPage(blocks),
  ];
  return [...pages, ...projects, draftOf(projects), ...videoAssets(), ...redirects()];
}
