import type { Metadata } from "next";
import { CeremonySettingsPage } from "@/components/account/ceremony/ceremony-settings-page";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.ceremonySettings");
  return { title: t("title") };
}

/** What the account's signers are told besides the documents: whom to ask for help, and the closing text. */
export default function AccountCeremonyPage() {
  return <CeremonySettingsPage />;
}
