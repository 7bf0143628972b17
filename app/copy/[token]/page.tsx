import type { Metadata } from "next";
import { SignerCopyScreen } from "@/components/signing/signer-copy-screen";
import { MessageScreen } from "@/components/signing/message-screen";
import { getDb } from "@/lib/db/client";
import { ServiceError } from "@/lib/esign/errors";
import { signerCopyView } from "@/lib/esign/signing/copies/signer-copy-downloads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your signed documents · Signet", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** A signer's copy link (SIGNER_COPY e-mail, the ceremony's last page): the sealed documents to download. */
export default async function SignerCopyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await signerCopyView(await getDb(), token).catch((error: unknown) => {
    if (error instanceof ServiceError) return error;
    throw error;
  });
  if (!(view instanceof ServiceError)) return <SignerCopyScreen token={token} view={view} />;
  const sealing = view.status === 409;
  return (
    <MessageScreen title={sealing ? "Preparing your signed copy…" : "This download link does not work"} tone={sealing ? "neutral" : "danger"}>
      <p>{view.message}</p>
    </MessageScreen>
  );
}
