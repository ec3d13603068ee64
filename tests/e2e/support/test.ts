import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Browser, BrowserContext, Locator, Page, Route } from "@playwright/test";

/** A shared server's origin, which playwright.config.ts sets for the workers in `variable`. */
function serverUrl(variable: string): string {
  const url = process.env[variable];
  if (!url)
    throw new Error(`${variable} is unset: run the browser tests with \`playwright test\`.`);
  return url;
}

/** The shared production server (playwright.config.ts's webServer). */
export const sharedServerUrl = () => serverUrl("E2E_BASE_URL");

/** The shared production server on the fixture dataset (CONTENT_DIR), read-only like the first. */
export const fixtureServerUrl = () => serverUrl("E2E_FIXTURE_URL");

/**
 * Playwright's test with the project's fixtures: `baseUrl`, the shared production server's
 * origin. Chromium comes from Playwright's own `browser` fixture (Debian's, see the config),
 * so a failed test keeps its trace and screenshot in .cache/test-results.
 */
export const test = base.extend<object, { baseUrl: string }>({
  baseUrl: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(sharedServerUrl());
    },
    { scope: "worker" },
  ],
});
