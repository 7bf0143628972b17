// What scripts/test.sh's summary says of the JSON reports of vitest and Playwright:
//   node scripts/test-reports.cjs counts <vitest.json> <playwright.json>
//     a line per runner, tab-separated: name, passed, failed, skipped, note. A file that fails to
//     load and a Playwright error outside any test (the web server did not start, say) count as
//     failures; a missing report counts as one.
//   node scripts/test-reports.cjs failures <vitest.json> <playwright.json>
//     a line per failed test with the first line of its message, at most MAX_FAILURE_LINES: CI
//     keeps only the tail of the output, so the summary must say which test failed, not only how
//     many, and stay short enough to be in that tail. Vitest's report does not name the project
//     (postgres, pglite, s3): a test that failed in two projects is one line marked "(2 times)".
const fs = require("node:fs");
const path = require("node:path");

const MAX_FAILURE_LINES = 20;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const failedTestsOf = (file) => (file.assertionResults ?? []).filter((test) => test.status === "failed");
/** A vitest file that failed with none of its tests failed: it did not load, or a hook failed. */
const failedOutsideItsTests = (file) => file.status === "failed" && failedTestsOf(file).length === 0;

function counts(vitest, playwright) {
  const lines = [];
  if (vitest) {
    const brokenFiles = (vitest.testResults ?? []).filter(failedOutsideItsTests).length;
    lines.push(["vitest", vitest.numPassedTests ?? 0, (vitest.numFailedTests ?? 0) + brokenFiles, (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)]);
  } else {
    lines.push(["vitest", 0, 1, 0, "no report"]);
  }
  if (playwright) {
    const stats = playwright.stats ?? {};
    lines.push(["playwright", (stats.expected ?? 0) + (stats.flaky ?? 0), (stats.unexpected ?? 0) + (playwright.errors ?? []).length, stats.skipped ?? 0]);
  } else {
    lines.push(["playwright", 0, 1, 0, "no report"]);
  }
  return lines.map(([name, passed, failed, skipped, note]) => [name, passed, failed, skipped, note ?? ""].join("\t"));
}

const firstLine = (text) =>
  String(text ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")[0]
    .slice(0, 200);

function failures(vitest, playwright) {
  const lines = [];
  for (const file of vitest?.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    for (const test of failedTestsOf(file)) lines.push(`vitest ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failedOutsideItsTests(file)) {
      lines.push(`vitest ${where}: ${firstLine(file.message) || "failed outside its tests (loading it, or a hook): see the vitest output"}`);
    }
  }
  const rootDir = playwright?.config?.rootDir ?? process.cwd();
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const where = `${path.relative(process.cwd(), path.join(rootDir, spec.file))}:${spec.line}`;
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        const why = firstLine(last?.error?.message) || `ended ${last?.status ?? "without a result"}`;
        lines.push(`playwright ${where} > ${[...titles, spec.title].join(" > ")}: ${why}`);
      }
    }
    // A file's suite is titled with the file's name, which `where` already says.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const fileSuite of playwright?.suites ?? []) walk(fileSuite, []);
  for (const error of playwright?.errors ?? []) lines.push(`playwright: ${firstLine(error.message)}`);

  const times = new Map();
  for (const line of lines) times.set(line, (times.get(line) ?? 0) + 1);
  const unique = [...times].map(([line, count]) => (count > 1 ? `${line} (${count} times)` : line));
  if (unique.length <= MAX_FAILURE_LINES) return unique;
  return [...unique.slice(0, MAX_FAILURE_LINES), `… and ${unique.length - MAX_FAILURE_LINES} more`];
}

const [mode, vitestFile, playwrightFile] = process.argv.slice(2);
const report = { counts, failures }[mode];
if (!report) {
  console.error("usage: node scripts/test-reports.cjs counts|failures <vitest.json> <playwright.json>");
  process.exit(2);
}
try {
  for (const line of report(read(vitestFile), read(playwrightFile))) console.log(line);
} catch (error) {
  // A report of a shape not foreseen must not take the rest of the summary with it (the failures'
  // list is printed as it is; the counts read every field with a default and do not throw).
  console.log(`(the reports could not be read for ${mode}: ${error.message})`);
}
