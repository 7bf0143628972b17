import type { Metadata } from "next";
import { NotaryPage } from "@/components/account/notary/notary-page";

export const metadata: Metadata = { title: "Notary · Signet" };

/** The signed-in sender's own notary commission and journal (any role: it is their own). */
export default function AccountNotaryPage() {
  return <NotaryPage />;
}
