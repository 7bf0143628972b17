// The entry of a PDF worker thread where no compiled worker is loaded (vitest, `next dev`; see
// workerFile in pdf-pool.ts): tsx compiles the TypeScript it requires and resolves the "@/" paths
// of tsconfig.json. Plain CommonJS outside Next's bundle.
require("tsx/cjs/api").register();
module.exports = require("./pdf-jobs.ts");
