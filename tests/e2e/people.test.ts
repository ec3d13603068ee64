import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { ask } from "../support/dataset";
import { openAt } from "./support/layout";
import { forEachDataset } from "./support/datasets";

// The people module (issue 24, craft items 6 and 4; docs/content-model.md): who each portrait
// shows, read from the dataset, under the picture; and a row that ends on the content's right
// edge. On the bundled dataset (names and roles) and the fixture (portraits without either).

type PeoplePage = {
  path: string;
  modules: { heading: string | null; people: { name: string | null; role: string | null }[] }[];
};

const PATHS: Record<string, string> = {
  homepage: "/",
  culturePage: "/culture",
};

const QUERY = `*[_type in ["homepage", "culturePage", "project"] && !(_id in path("drafts.**"))
  && count(modules[_type == "peopleModule"]) > 0
  && (_type != "project" || (hidden != true && defined(slug.current)))]{
  _type,
  "slug": slug.current,
  "modules": modules[_type == "peopleModule"]{ heading, "people": people[]{ name, role } }
}`;

async function peoplePages(dir: string): Promise<PeoplePage[]> {
  const docs = await ask<{ _type: string; slug: string | null; modules: PeoplePage["modules"] }[]>(
    dir,
    QUERY,
  );
  return docs.map((doc) => ({
    path: PATHS[doc._type] ?? `/work/${encodeURIComponent(doc.slug!)}`,
    modules: doc.modules,
  }));
}

/** What a people row shows: each item's caption lines and boxes, and the content's right edge. */
function readRows(page: Page) {
  return page.locator(".module--peopleModule").evaluateAll((sections) => {
    const main = document.querySelector("main")!;
    const contentRight =
      main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    return sections.map((section) => ({
      heading: section.querySelector("h2")?.textContent ?? null,
      contentRight,
      items: Array.from(section.querySelectorAll("li")).map((item) => {
        const picture = item.querySelector("img")!.getBoundingClientRect();
        const caption = item.querySelector("figcaption");
        return {
          right: item.getBoundingClientRect().right,
          pictureBottom: picture.bottom,
          pictureHeight: picture.height,
          captionTop: caption?.getBoundingClientRect().top ?? null,
          lines: caption
            ? Array.from(caption.children).map((line) => (line as HTMLElement).innerText.trim())
            : null,
        };
      }),
    }));
  });
}

forEachDataset(
  (label) => `people, ${label}`,
  (suite) => {
    let pages: PeoplePage[];
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      pages = await peoplePages(suite.dir);
    });

    test("names and roles under each picture, and rows that end on the content's right edge, at 1440 and 390 px", async () => {
      expect(pages.length, "the dataset has a page with a people module").toBeGreaterThan(0);
      for (const { path, modules } of pages) {
        for (const width of [1440, 390]) {
          const height = width === 390 ? 844 : 900;
          const { context, page } = await openAt(
            suite.browser,
            suite.baseUrl + path,
            width,
            height,
          );
          const rows = await readRows(page);
          expect(rows.length, `${path}: one row per people module`).toBe(modules.length);
          modules.forEach((module, index) => {
            const row = rows[index]!;
            const where = `${path} at ${width} px, “${module.heading ?? "people"}”`;
            expect(row.heading).toBe(module.heading);
            expect(row.items.length, where).toBe(module.people.length);
            module.people.forEach((person, i) => {
              const item = row.items[i]!;
              const expected = [person.name?.trim(), person.role?.trim()].filter(Boolean);
              expect(item.pictureHeight, `${where}: picture ${i + 1} shows`).toBeGreaterThan(0);
              // Who it is, as the content says, or no caption at all (never an empty one).
              expect(item.lines, `${where}: caption of person ${i + 1}`).toEqual(
                expected.length ? expected : null,
              );
              if (item.captionTop !== null) {
                expect(
                  item.captionTop,
                  `${where}: caption under the picture`,
                ).toBeGreaterThanOrEqual(item.pictureBottom);
              }
            });
            // Three people or more fill the first line of the row at every width (people.css).
            const rightmost = Math.max(...row.items.map((item) => item.right));
            if (module.people.length >= 3) {
              expect(
                Math.abs(rightmost - row.contentRight),
                `${where}: the row ends on the content's right edge (${rightmost} vs ${row.contentRight})`,
              ).toBeLessThanOrEqual(1);
            } else {
              expect(rightmost, `${where}: inside the content`).toBeLessThanOrEqual(
                row.contentRight + 1,
              );
            }
          });
          await context.close();
        }
      }
    });
  },
);
