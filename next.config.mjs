/**
 * The security headers of everything that is not a page (pages get theirs, with a script nonce, from
 * proxy.ts): the API's JSON and files, the console's proxy, pdf.js's files, token exchanges. Nothing
 * of these is a document to run scripts in or to frame.
 */
const ROUTE_HANDLER_HEADERS = [
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite and PDFium ship WebAssembly and data files that must be loaded from node_modules, not bundled;
  // piscina starts worker threads from a file of its own package; undici is the callbacks' HTTP client.
  serverExternalPackages: ["@electric-sql/pglite", "@embedpdf/pdfium", "pdfjs-dist", "pg", "busboy", "archiver", "pg-boss", "nodemailer", "piscina", "undici", "subset-font", "harfbuzzjs"],
  // The spec's GET /api/packages/{id}/roles/ has a trailing slash; answer it without a redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Load each route's code when it is first asked for, not all ~200 of them at start: on two cores
  // that preloading delayed the first answer by seconds and kept every route in memory.
  experimental: { preloadEntriesOnStart: false },
  // `next dev` opened at 127.0.0.1 (as the tests and screenshots do) may load its dev resources.
  allowedDevOrigins: ["127.0.0.1"],
  async headers() {
    // The ceremony's entry (/access, /auth) sets its own (lib/http/ceremony-entry.ts): an embedder frames it.
    const routeHandlers = ["/api/:path*", "/proxy/:path*", "/pdfjs/:path*", "/auth/:path+", "/oauth2/:path*", "/apitoken/:path*"];
    return [
      ...routeHandlers.map((source) => ({ source, headers: ROUTE_HANDLER_HEADERS })),
      { source: "/_next/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
    ];
  },
};

export default nextConfig;
