import type { Metadata } from "next";
import { CeremonyApp } from "@/components/signing/ceremony-app";

export const metadata: Metadata = { title: "Signing · Signet", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** The signing ceremony of one package; the signer's session cookie (set by /access) says who they are. */
export default async function SigningPage({ params }: { params: Promise<{ packageId: string }> }) {
  const { packageId } = await params;
  return <CeremonyApp packageId={packageId} />;
}
