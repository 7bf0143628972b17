/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled;
  // piscina starts worker threads from a file of its own package.
  serverExternalPackages: ["@electric-sql/pglite", "pdfjs-dist", "pg", "busboy", "archiver", "pg-boss", "nodemailer", "piscina"],
  // The spec's GET /api/packages/{id}/roles/ has a trailing slash; answer it without a redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // `next dev` opened at 127.0.0.1 (as the tests and screenshots do) may load its dev resources.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
