import { ALT_DATASET, BUNDLED_DATASET } from "../../support/dataset";
import { layoutFacts, type LayoutFacts } from "./layout";
import { fixtureServerUrl, sharedServerUrl, test, type Browser } from "./test";

export type Dataset = { label: string; dir: string; url: () => string };

/**
 * The two datasets the page tests run on, each served by a read-only production server that
 * every worker shares (playwright.config.ts's `webServer`): the bundled one, and the fixture
 * (CONTENT_DIR) that covers what the bundled one leaves out.
 */
export const DATASETS: readonly Dataset[] = [
  { label: "bundled dataset", dir: BUNDLED_DATASET, url: sharedServerUrl },
  { label: "fixture dataset (CONTENT_DIR)", dir: ALT_DATASET, url: fixtureServerUrl },
];

/** A dataset's describe block: its directory and facts, the worker's Chromium, its server's URL. */
export type DatasetSuite = {
  label: string;
  dir: string;
  browser: Browser;
  baseUrl: string;
  facts: LayoutFacts;
};

/**
 * One describe block per dataset, titled `title(label)`. `body` declares the tests when the
 * file is collected; `browser`, `baseUrl` and `facts` are set before the block's first test runs.
 */
export function forEachDataset(
  title: (label: string) => string,
  body: (suite: DatasetSuite) => void,
  datasets: readonly Dataset[] = DATASETS,
) {
  for (const dataset of datasets) {
    test.describe(title(dataset.label), () => {
      const suite = { label: dataset.label, dir: dataset.dir } as DatasetSuite;
      test.beforeAll(async ({ browser }) => {
        suite.browser = browser;
        suite.baseUrl = dataset.url();
        suite.facts = await layoutFacts(dataset.dir);
      });
      body(suite);
    });
  }
}
