import { expect, test } from "./test";

/** The shared `test` (./test.ts): a context a test leaves open is closed when it ends. */
test.describe.configure({ mode: "serial" });

test("a test that leaves its context open", async ({ browser }) => {
  const context = await browser.newContext();
  await (await context.newPage()).setContent("<p>left open</p>");
  expect(browser.contexts()).toContain(context);
});

test("finds no context of the test before", async ({ browser }) => {
  expect(browser.contexts()).toEqual([]);
});
