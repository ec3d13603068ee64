import type { Page } from "./test";

/**
 * Records every Content-Security-Policy violation the page meets from its
 * first script on, and any console report of one; returns a reader of both.
 */
export async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
    );
  });
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) reports.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...reports,
  ];
}
