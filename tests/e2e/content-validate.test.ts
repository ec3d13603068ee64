import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { ALT_DATASET, BUNDLED_DATASET } from "../support/dataset";

/**
 * `npm run content:validate` against the Studio's schema, with Sanity's own
 * validator: small fixtures that break one rule each, a broken copy of the
 * bundled dataset, and the two datasets the site ships with. One run of the
 * validator for all of them (it loads the Studio once, in Vite and a
 * simulated browser: heavy enough to run with the browser tests, one file at
 * a time, rather than beside the unit tests). The same run extracts the
 * Studio's schema, from which `npm run typegen -- --check` compares the
 * query types the site commits.
 */

const root = path.resolve(import.meta.dirname, "../..");
/** Where `validate --schema` writes the Studio's schema, and `typegen --extracted` reads it. */
const SCHEMA = path.join(root, "studio/schema.json");
type Doc = Record<string, unknown> & { _id: string; _type: string };

const block = (key: string, text: string, markDefs: unknown[] = [], marks: string[] = []) => ({
  _type: "block",
  _key: key,
  style: "normal",
  markDefs,
  children: [{ _type: "span", _key: `${key}s`, text, marks }],
});
const image = (extra: Record<string, unknown> = {}) => ({
  _type: "image",
  _sanityAsset: "image@file://./images/picture.jpg",
  ...extra,
});
const mainImage = (key: string, extra: Record<string, unknown> = {}) => ({
  _type: "mainImage",
  _key: key,
  image: image(extra),
});
/** A project as an editor would leave it: titled, addressed, with the thumbnail its card shows. */
const project = (id: string, extra: Record<string, unknown> = {}): Doc => ({
  _id: id,
  _type: "project",
  title: `Project ${id}`,
  slug: { _type: "slug", current: id },
  thumbnail: [mainImage("t0", { alt: "Thumbnail" })],
  ...extra,
});

/** A project with one people module of `people` (issue 24, craft item 6). */
const withPeople = (id: string, people: Record<string, unknown>[]) =>
  project(id, {
    modules: [
      {
        _type: "peopleModule",
        _key: "p1",
        people: people.map((person, index) => ({
          _type: "person",
          _key: `q${index + 1}`,
          image: image({ alt: "Portrait" }),
          ...person,
        })),
      },
    ],
  });

/** One fault per document, each with the words an editor should read. */
const RULES: { doc: Doc; path: RegExp; message: RegExp; warning?: true }[] = [
  {
    doc: project("no-title", { title: undefined }),
    path: /^title$/,
    message: /Give the page a title/,
  },
  {
    doc: project("twin-a", { slug: { _type: "slug", current: "twins" } }),
    path: /^slug$/,
    message: /already in use/i,
  },
  {
    doc: project("twin-b", { slug: { _type: "slug", current: "twins" } }),
    path: /^slug$/,
    message: /already in use/i,
  },
  {
    doc: {
      _id: "legalPage",
      _type: "legalPage",
      title: "Legal",
      body: [
        block(
          "b1",
          "Click me",
          [{ _key: "l1", _type: "link", type: "externalLink", href: "javascript:alert(1)" }],
          ["l1"],
        ),
      ],
    },
    path: /^body\[_key=="b1"\]\.markDefs\[_key=="l1"\]\.href$/,
    message: /starting with https:\/\/.*mailto:.*tel:/,
  },
  // An address of an allowed scheme that the site would still not link to (a space).
  {
    doc: project("spaced-link", {
      modules: [
        {
          _key: "m1",
          _type: "textModule",
          body: [
            block(
              "b1",
              "Call us",
              [{ _key: "l1", _type: "link", type: "externalLink", href: "tel:(555) 0142" }],
              ["l1"],
            ),
          ],
        },
      ],
    }),
    path: /^modules\[_key=="m1"\]\.body\[_key=="b1"\]\.markDefs\[_key=="l1"\]\.href$/,
    message: /The site cannot link to this address: write a space as %20/,
  },
  {
    doc: project("no-alt", { thumbnail: [mainImage("t1")] }),
    path: /^thumbnail\[_key=="t1"\]\.image\.alt$/,
    message: /Describe the image/,
  },
  {
    doc: project("two-media", {
      hero: [mainImage("h1", { alt: "One" }), mainImage("h2", { alt: "Two" })],
    }),
    path: /^hero$/,
    message: /one image or one video/,
  },
  {
    doc: withPeople("long-name", [{ name: "Sigrún ".repeat(9), role: "Designer" }]),
    path: /^modules\[_key=="p1"\]\.people\[_key=="q1"\]\.name$/,
    message: /Keep the name to 60 characters/,
  },
  // A section with nothing in it would be left out on the site: the Studio says so first.
  {
    doc: project("empty-gallery", {
      modules: [{ _type: "galleryModule", _key: "g1", heading: "Process" }],
    }),
    path: /^modules\[_key=="g1"\]\.items$/,
    message: /A gallery needs at least one image or video/,
  },
  {
    doc: project("no-projects", {
      modules: [{ _type: "projectsModule", _key: "r1", heading: "More work" }],
    }),
    path: /^modules\[_key=="r1"\]\.projects$/,
    message: /Add at least one project/,
  },
  {
    doc: project("no-thumbnail", { thumbnail: undefined }),
    path: /^thumbnail$/,
    message: /Add a thumbnail: without one the project’s card is an empty frame\. \(warning\)$/,
    warning: true,
  },
  {
    doc: withPeople("role-alone", [{ role: "Lead developer" }]),
    path: /^modules\[_key=="p1"\]\.people\[_key=="q1"\]\.role$/,
    message: /A role is shown under a name: add the name too\. \(warning\)$/,
    warning: true,
  },
];

/** Valid documents beside the faulty ones, which must not be reported. */
const CLEAN: Doc[] = [
  // Names and roles are optional: a portrait alone is fine.
  withPeople("people", [{ name: "Amira Haddad", role: "Lead developer" }, { name: "Kári" }, {}]),
  project("decorative", { thumbnail: [mainImage("d1", { decorative: true })] }),
  project("with-links", {
    excerpt: "Fine",
    modules: [
      {
        _type: "textModule",
        _key: "m1",
        body: [
          block(
            "c1",
            "Mail us",
            [{ _key: "e1", _type: "link", type: "externalLink", href: "mailto:hello@example.com" }],
            ["e1"],
          ),
          block(
            "c2",
            "Call us",
            [{ _key: "e2", _type: "link", type: "externalLink", href: "tel:+3545550142" }],
            ["e2"],
          ),
        ],
      },
    ],
  }),
];

const page = (type: string): Doc => ({ _id: type, _type: type, title: type });
const toPage = (id: string) => ({
  _type: "redirectDestination",
  type: "internalLink",
  page: { _type: "reference", _ref: id },
});
const toAddress = (href: string) => ({ _type: "redirectDestination", type: "externalLink", href });
const redirect = (id: string, source: string, destination?: unknown, permanent = true): Doc => ({
  _id: id,
  _type: "redirect",
  source,
  ...(destination ? { destination } : {}),
  permanent,
});

/**
 * Redirects beside the pages they name: every rule of the redirect document,
 * each problem with the document and field it is reported on, and its level.
 */
const REDIRECT_PAGES: Doc[] = [
  { _id: "general", _type: "general", siteTitle: "Test", siteUrl: "https://site.example" },
  page("homepage"),
  page("workPage"),
  page("culturePage"),
  page("legalPage"),
  project("harbour"),
];
const REDIRECTS: Doc[] = [
  redirect("dup-a", "/Old-Page/", toPage("homepage")),
  redirect("dup-b", "/old-page", toPage("legalPage")),
  redirect("self", "/Work/Harbour/", toPage("harbour")),
  redirect("chain-a", "/first", toPage("workPage")),
  redirect("chain-b", "/work", toPage("legalPage")),
  redirect("loop-a", "/loop-a", toAddress("https://site.example/loop-b")),
  redirect("loop-b", "/loop-b", toAddress("https://site.example/Loop-A/?again=1")),
  redirect("bad-url", "https://site.example/old", toPage("homepage")),
  redirect("bad-space", "/old page", toPage("homepage")),
  redirect("bad-query", "/old?id=4", toPage("homepage")),
  redirect("bad-relative", "old", toPage("homepage")),
  redirect("hides", "/culture/", toAddress("https://elsewhere.example/culture")),
  redirect("to-mail", "/contact", toAddress("mailto:hello@site.example")),
  redirect("nowhere", "/nowhere"),
];
const REDIRECT_RULES: { id: string; path: string; message: RegExp; warning?: true }[] = [
  {
    id: "dup-a",
    path: "source",
    message: /^Another redirect starts from this address: “\/old-page → \/legal”/,
  },
  {
    id: "dup-b",
    path: "source",
    message: /^Another redirect starts from this address: “\/Old-Page\/ → \/”/,
  },
  { id: "self", path: "destination", message: /sends visitors back to the address they asked for/ },
  { id: "self", path: "source", message: /is the address of a page on the site/, warning: true },
  { id: "chain-a", path: "destination", message: /would chain two redirects.*“\/work → \/legal”/ },
  { id: "chain-b", path: "source", message: /would chain two redirects: “\/first → \/work”/ },
  { id: "chain-b", path: "source", message: /^\/work is the address of a page/, warning: true },
  {
    id: "loop-a",
    path: "destination",
    message: /would make a loop: “\/loop-a → \/loop-b”, then “\/loop-b → /,
  },
  {
    id: "loop-b",
    path: "destination",
    message: /would make a loop: “\/loop-b → .*”, then “\/loop-a → /,
  },
  { id: "bad-url", path: "source", message: /leave out https:\/\/ and the domain/ },
  { id: "bad-space", path: "source", message: /Remove the spaces/ },
  { id: "bad-query", path: "source", message: /Leave out the \? and everything after it/ },
  { id: "bad-relative", path: "source", message: /Start the address with \// },
  { id: "hides", path: "source", message: /^\/culture\/ is the address of a page/, warning: true },
  { id: "to-mail", path: "destination.href", message: /only send visitors to a web address/ },
  { id: "nowhere", path: "destination", message: /Choose where the redirect sends visitors/ },
  { id: "nowhere", path: "destination.type", message: /Choose what the link points to/ },
];

function writeDataset(dir: string, docs: Doc[], lines: string[] = []) {
  mkdirSync(path.join(dir, "images"), { recursive: true });
  copyFileSync(
    path.join(ALT_DATASET, "images/nw-signal.jpg"),
    path.join(dir, "images/picture.jpg"),
  );
  const body = [...docs.map((doc) => JSON.stringify(doc)), ...lines].join("\n");
  writeFileSync(path.join(dir, "data.ndjson"), `${body}\n`);
}

/** The bundled dataset with faults of every kind the validator knows. */
function brokenCopy(dir: string) {
  const docs = readFileSync(path.join(BUNDLED_DATASET, "data.ndjson"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc);
  const projects = docs.filter((doc) => doc._type === "project" && !doc._id.startsWith("drafts."));
  const [first, second, third] = projects;
  const video = docs.find((doc) => doc._type === "mux.videoAsset")!;
  // A reference to a document that is not there.
  const kept = docs.filter((doc) => doc._id !== video._id);
  // A field the schema does not have, and a slug two projects share.
  first!.subtitle = "Not in the schema";
  second!.slug = { _type: "slug", current: (third!.slug as { current: string }).current };
  // A required title removed, and an image whose file is missing.
  delete third!.title;
  third!.hero = [
    mainImage("missing-file", { alt: "Gone", _sanityAsset: "image@file://./images/nope.jpg" }),
  ];
  // A redirect from the same source as one of the dataset's (in other letter case, with a
  // trailing slash), and one that would hide a project's page.
  const original = docs.find((doc) => doc._type === "redirect")!;
  const twin = {
    ...original,
    _id: "x-twin-redirect",
    source: `${String(original.source).toUpperCase()}/`,
  };
  const hiding = {
    ...original,
    _id: "x-hiding-redirect",
    source: `/work/${(first!.slug as { current: string }).current}`,
  };
  kept.push(twin, hiding);
  // A document of a type the Studio does not know, and a line that is not JSON.
  kept.push({ _id: "stray", _type: "flyer", title: "Unknown" });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "data.ndjson"),
    `${kept.map((doc) => JSON.stringify(doc)).join("\n")}\n{"_id": "broken",\n`,
  );
  for (const folder of ["images", "videos"]) {
    spawnSync("ln", ["-s", path.join(BUNDLED_DATASET, folder), path.join(dir, folder)]);
  }
  return { first: first!, second: second!, third: third!, video, original, twin, hiding };
}

test.describe("npm run content:validate", () => {
  let work: string;
  let output: string[];
  let status: number | null;
  let broken: ReturnType<typeof brokenCopy>;
  const linesFor = (dir: string) =>
    output.filter((line) => line.startsWith(`${path.relative(root, dir)}: `));

  test.beforeAll(() => {
    test.setTimeout(600_000);
    work = mkdtempSync(path.join(tmpdir(), "content-validate-"));
    writeDataset(path.join(work, "rules"), [...RULES.map((rule) => rule.doc), ...CLEAN]);
    writeDataset(path.join(work, "redirects"), [...REDIRECT_PAGES, ...REDIRECTS]);
    broken = brokenCopy(path.join(work, "broken"));
    rmSync(SCHEMA, { force: true });
    const result = spawnSync(
      process.execPath,
      [
        "scripts/studio.mjs",
        "validate",
        "--schema",
        BUNDLED_DATASET,
        ALT_DATASET,
        path.join(work, "rules"),
        path.join(work, "redirects"),
        path.join(work, "broken"),
      ],
      { cwd: root, encoding: "utf8", env: { ...process.env, SKIP_ENV_FILE: "1" } },
    );
    status = result.status;
    output = `${result.stdout}\n${result.stderr}`.split("\n").filter(Boolean);
    if (!output.some((line) => line.includes("documents"))) throw new Error(output.join("\n"));
  });
  test.afterAll(() => rmSync(work, { recursive: true, force: true }));

  test("passes the bundled dataset and the fixture dataset", () => {
    expect(linesFor(BUNDLED_DATASET)).toEqual([
      expect.stringMatching(/documents match the Studio's schema\.$/),
    ]);
    expect(linesFor(ALT_DATASET)).toEqual([
      expect.stringMatching(/documents match the Studio's schema\.$/),
    ]);
  });

  test("refuses each broken rule with a message an editor understands, and nothing else", () => {
    const lines = linesFor(path.join(work, "rules"));
    for (const rule of RULES) {
      const line = lines.find((candidate) => {
        const [, id, where, message] = /^[^:]+: (\S+) (\S+): (.*)$/.exec(candidate) ?? [];
        return (
          id === rule.doc._id && rule.path.test(where ?? "") && rule.message.test(message ?? "")
        );
      });
      expect(line, `${rule.doc._id}: ${rule.message}\n${lines.join("\n")}`).toBeDefined();
    }
    for (const doc of CLEAN) {
      expect(lines.filter((line) => line.includes(` ${doc._id} `))).toEqual([]);
    }
    // The count is of errors; a warning is reported but does not fail the run.
    const errors = RULES.filter((rule) => !rule.warning).length;
    expect(lines.at(-1)).toMatch(new RegExp(`: ${errors} problems in`));
  });

  test("checks every redirect rule, naming the document and the other redirect", () => {
    const lines = linesFor(path.join(work, "redirects"));
    const problems = lines
      .map((line) => /^[^:]+: (\S+) (\S+): (.*?)( \(warning\))?$/.exec(line))
      .filter((match) => match !== null)
      .filter((match) => !/documents/.test(match[0]));
    for (const rule of REDIRECT_RULES) {
      const found = problems.find(
        ([, id, where, message, warning]) =>
          id === rule.id &&
          where === rule.path &&
          rule.message.test(message ?? "") &&
          Boolean(warning) === Boolean(rule.warning),
      );
      expect(found, `${rule.id} ${rule.path}: ${rule.message}\n${lines.join("\n")}`).toBeDefined();
    }
    // Nothing else: the pages are clean, and each rule is reported once.
    expect(problems.length, lines.join("\n")).toBe(REDIRECT_RULES.length);
    const errors = REDIRECT_RULES.filter((rule) => !rule.warning).length;
    expect(lines.at(-1)).toMatch(
      new RegExp(`: ${errors} problems in ${REDIRECT_PAGES.length + REDIRECTS.length} documents`),
    );
  });

  test("names every fault of a broken copy by document _id and field path, and fails", () => {
    const lines = linesFor(path.join(work, "broken")).join("\n");
    expect(lines).toMatch(/data\.ndjson line \d+: not valid JSON/);
    expect(lines).toContain(`stray (document): Could not find schema type for type 'flyer'`);
    expect(lines).toMatch(
      new RegExp(`${broken.first._id} subtitle: .*does not exist on type`, "i"),
    );
    expect(lines).toMatch(new RegExp(`${broken.second._id} slug: .*already in use`, "i"));
    expect(lines).toMatch(new RegExp(`${broken.third._id} title: Give the page a title`));
    expect(lines).toContain(
      `${broken.third._id} hero[_key=="missing-file"].image._sanityAsset: file images/nope.jpg not found`,
    );
    expect(lines).toMatch(new RegExp(`\\S+ \\S+video\\.asset: refers to "${broken.video._id}"`));
    for (const id of [broken.original._id, broken.twin._id]) {
      expect(lines).toMatch(new RegExp(`${id} source: Another redirect starts from this address`));
    }
    expect(lines).toContain(
      `${broken.hiding._id} source: ${broken.hiding.source} is the address of a page on the site.`,
    );
    expect(lines).toMatch(new RegExp(`${broken.hiding._id} source: .*\\(warning\\)$`, "m"));
    expect(status).toBe(1);
  });

  test("writes the Studio's schema, from which `npm run typegen -- --check` finds the committed query types up to date", () => {
    // studio/schema.json as this run extracted it (removed before it): loading the Studio again
    // is most of what `typegen --check` takes.
    expect(existsSync(SCHEMA), SCHEMA).toBe(true);
    const result = spawnSync(
      process.execPath,
      ["scripts/studio.mjs", "typegen", "--check", "--extracted"],
      { cwd: root, encoding: "utf8", env: { ...process.env, SKIP_ENV_FILE: "1" } },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain("sanity.types.ts matches the schema and the queries");
  });
});
