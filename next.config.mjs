/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pdfjs-dist", "pg", "busboy", "archiver", "pg-boss", "nodemailer"],
  // The spec's GET /api/packages/{id}/roles/ has a trailing slash; answer it without a redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
};

export default nextConfig;
