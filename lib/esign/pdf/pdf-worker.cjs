// The entry of a PDF worker thread (see pdf-pool.ts). Plain CommonJS outside Next's bundle, so
// that `next start` and vitest load the same file; tsx compiles the TypeScript it requires, and
// resolves the "@/" paths of tsconfig.json.
require("tsx/cjs/api").register();
const { runPdfJobHere } = require("./pdf-jobs.ts");

module.exports = runPdfJobHere;
