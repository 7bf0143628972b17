import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

/**
 * Resolves once nothing on the page is on its way somewhere: a title, no toast waiting to start its
 * entrance, and no CSS transition or animation with an end still running (endless ones, such as a
 * spinner, never settle and are left out).
 *
 * axe measures colours as they are drawn at the instant it runs. A toast fades in (and out) over
 * 400 ms, and in between its text is blended with the page behind it: "The callback registration
 * was saved." measured 1.23:1 halfway in, against 13.88:1 settled (its × button 6.97:1). No reader
 * is left with a frame of a fade, so the check waits for the colours they are left with.
 *
 * Likewise the page's title: on a client-side navigation Next.js takes the old <title> out and
 * puts the new one in once the page's metadata has streamed, commits apart (seen on every switch
 * of the inbox's tabs), and axe run in between found a page without a title.
 */
export async function settledForAxe(page: Page): Promise<void> {
  // A page that never gets a title goes on to axe, whose document-title violation says so.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => {});
  await page.waitForFunction(
    () =>
      // sonner mounts a toast transparent and starts its fade-in once it says data-mounted.
      document.querySelectorAll('[data-sonner-toast]:not([data-mounted="true"])').length === 0 &&
      document.getAnimations().every((animation) => animation.playState !== "running" || !Number.isFinite(animation.effect?.getComputedTiming().endTime)),
    undefined,
    { timeout: 10_000 },
  );
}

/** axe-core's browser build, read once per test worker. */
let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  return axeSource;
}

/**
 * axe-core run in the page itself. @axe-core/playwright's AxeBuilder took 0.65 s (legacy mode) to
 * 1.3 s a page: it sends the unminified source twice and opens a blank page to merge per-frame
 * results; the pages checked have no frames, and this takes 0.25 to 0.35 s (the console's
 * languages journey runs it about 200 times). A client-side navigation keeps the document, and
 * axe with it; after a full one, axe is injected again.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const runIfLoaded = () =>
    page.evaluate(() => {
      const axe = (window as unknown as { axe?: typeof import("axe-core") }).axe;
      return typeof axe?.run === "function" ? axe.run(document, { resultTypes: ["violations"] }) : null;
    });
  const results = await runIfLoaded();
  if (results) return results;
  await page.evaluate(axeScript());
  const afterInjecting = await runIfLoaded();
  if (!afterInjecting) throw new Error(`axe-core could not be loaded into ${page.url()}`);
  return afterInjecting;
}

/** The serious and critical axe violations on the page once it has settled (dialogs included), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settledForAxe(page);
  const { violations } = await runAxe(page);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join("; ")})`);
}

/** No serious or critical axe violation on the page as it settles (dialogs included). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}
