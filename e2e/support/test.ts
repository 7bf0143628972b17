import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Playwright's `test`, for every journey: each test begins by closing the browser contexts an
 * earlier test left open. The worker's Chromium is shared by the whole suite, and a context opened
 * with `browser.newContext()` lives until someone closes it, which a failed step skips and many
 * journeys never did: 52 pages were still open, and running, by the last service journeys. They
 * are closed here rather than when their test ends, so that a failed test's screenshots still show
 * its pages. Auto fixtures are set up before the ones a test asks for, so its own `page` is never
 * among them.
 */
export const test = base.extend<{ closeContextsLeftOpen: void }>({
  closeContextsLeftOpen: [
    async ({ browser }, use) => {
      await Promise.all(browser.contexts().map((context) => context.close()));
      await use();
    },
    { auto: true },
  ],
});
