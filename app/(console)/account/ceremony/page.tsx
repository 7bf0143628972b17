import type { Metadata } from "next";
import { CeremonySettingsPage } from "@/components/account/ceremony/ceremony-settings-page";

export const metadata: Metadata = { title: "Signing ceremony · Signet" };

/** What the account's signers are told besides the documents: whom to ask for help, and the closing text. */
export default function AccountCeremonyPage() {
  return <CeremonySettingsPage />;
}
