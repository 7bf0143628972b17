import type { Metadata } from "next";
import { VerificationTypesPage } from "@/components/account/verification/verification-types-page";

export const metadata: Metadata = { title: "Verification types · Signet" };

/** The signer verification types the account's senders may use. Who may change them is the service's answer. */
export default function AccountVerificationPage() {
  return <VerificationTypesPage />;
}
