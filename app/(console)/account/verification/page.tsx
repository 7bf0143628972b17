import type { Metadata } from "next";
import { VerificationTypesPage } from "@/components/account/verification/verification-types-page";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.verification");
  return { title: t("title") };
}

/** The signer verification types the account's senders may use. Who may change them is the service's answer. */
export default function AccountVerificationPage() {
  return <VerificationTypesPage />;
}
