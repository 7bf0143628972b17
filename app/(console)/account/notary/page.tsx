import type { Metadata } from "next";
import { NotaryPage } from "@/components/account/notary/notary-page";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.notary");
  return { title: t("title") };
}

/** The signed-in sender's own notary commission and journal (any role: it is their own). */
export default function AccountNotaryPage() {
  return <NotaryPage />;
}
