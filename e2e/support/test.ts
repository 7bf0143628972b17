import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Playwright's `test`, for every journey: the browser contexts a test opened are closed when it
 * ends, passed or failed. The worker's Chromium is shared by the whole suite, and a context opened
 * with `browser.newContext()` lives until someone closes it, which a failed step skips and many
 * journeys never did: 52 pages were still open, and running, by the last service journeys. A
 * failed test's screenshots are taken before its fixtures end, so they still show its pages. A
 * context made in `beforeAll` would be closed after the first test: make one per test instead.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
    },
    { auto: true },
  ],
});
