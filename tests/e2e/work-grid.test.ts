import { expect, test } from "./support/test";
import type { Browser, Page } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { openAt } from "./support/layout";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";

// The Work list's staggered grid keeps its rhythm whatever the number of projects
// (docs/decisions/043-design-tokens.md): one, two, an odd number and many: the bundled dataset,
// and copies of it whose curated Work list is cut to the first one, two or three.

type Card = { left: number; top: number; bottom: number };

function cards(page: Page) {
  return page.locator(".project-grid--work > li").evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      return { left: Math.round(box.left), top: box.top, bottom: box.bottom };
    }),
  );
}

/** Checks the stagger and returns a short description for the failure messages. */
function expectRhythm(list: Card[], count: number) {
  expect(list).toHaveLength(count);
  const columns = [...new Set(list.map((card) => card.left))].sort((a, b) => a - b);
  expect(columns).toHaveLength(Math.min(count, 2));
  // Cards alternate columns, in order.
  list.forEach((card, index) => expect(card.left).toBe(columns[index % 2]));
  // Within a column, one and the same gap between cards; no card overlaps the next.
  const gaps = list.slice(2).map((card, index) => card.top - list[index]!.bottom);
  for (const gap of gaps) {
    expect(gap).toBeGreaterThan(0);
    expect(Math.abs(gap - gaps[0]!)).toBeLessThanOrEqual(2);
  }
  // The second column starts about half a card lower than the first.
  if (count > 1) {
    const offset = list[1]!.top - list[0]!.top;
    const pitch = list[0]!.bottom - list[0]!.top;
    expect(offset).toBeGreaterThan(pitch * 0.35);
    expect(offset).toBeLessThan(pitch * 0.75);
  }
}

test.describe("Work grid stagger", () => {
  let browser: Browser;
  let curated: { _type: string; _ref: string; _key: string }[];
  const servers: RunningServer[] = [];

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    curated = await ask<typeof curated>(
      BUNDLED_DATASET,
      `*[_id == "workPage"][0].projects[@->hidden != true]`,
    );
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  /** A server on a copy of the bundled dataset whose Work list holds the first `count` projects. */
  async function siteWith(count: number) {
    const dataset = await copyDataset(BUNDLED_DATASET);
    await dataset.edit("workPage", (doc) => ({ ...doc, projects: curated.slice(0, count) }));
    const server = await startServer({ CONTENT_DIR: dataset.dir });
    servers.push(server);
    await waitUntilReady(server.url);
    return server.url;
  }

  const cases: [string, number][] = [
    ["one project", 1],
    ["two projects", 2],
    ["an odd number", 3],
    ["many", Number.POSITIVE_INFINITY],
  ];
  for (const [label, wanted] of cases) {
    test(label, async ({ baseUrl }) => {
      // A server of its own to start and warm up: more time than a page test.
      test.setTimeout(180_000);
      const many = wanted === Number.POSITIVE_INFINITY;
      const count = many ? curated.length : wanted;
      expect(curated.length, "the bundled Work list is long enough").toBeGreaterThan(3);
      // Many: the bundled dataset as it is, on the suite's server.
      const url = many ? baseUrl : await siteWith(count);
      if (many) await waitUntilReady(url);
      const { context, page } = await openAt(browser, `${url}/work`, 1440, 900);
      expectRhythm(await cards(page), count);
      await context.close();
    });
  }
});
