import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Signet",
  description: "E-signatures: packages, templates, signing and sealed documents.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: Next.js puts the request's CSP nonce (proxy.ts) on its
  // scripts only then; a page prerendered at build time would have scripts the policy refuses.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
