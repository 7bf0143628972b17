import type { Metadata } from "next";
import { IntlRoot } from "@/components/i18n/intl-root";
import { SignerCopyScreen } from "@/components/signing/signer-copy-screen";
import { MessageScreen } from "@/components/signing/message-screen";
import { getDb } from "@/lib/db/client";
import { ServiceError } from "@/lib/esign/errors";
import { signerCopyView } from "@/lib/esign/signing/copies/signer-copy-downloads";
import { CEREMONY_ENGLISH, CEREMONY_MESSAGES } from "@/lib/i18n/ceremony-messages";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your signed documents · Signet", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * A signer's copy link (SIGNER_COPY e-mail, the ceremony's last page): the sealed documents to
 * download, in the ceremony's language. A link that does not work is explained in English (the
 * service's message; which signer it was for is not known).
 */
export default async function SignerCopyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await signerCopyView(await getDb(), token).catch((error: unknown) => {
    if (error instanceof ServiceError) return error;
    throw error;
  });
  if (!(view instanceof ServiceError)) {
    return (
      <IntlRoot locale={view.language} messages={await loadMessages(CEREMONY_MESSAGES, view.language)} timeZone="UTC">
        <SignerCopyScreen token={token} view={view} />
      </IntlRoot>
    );
  }
  const sealing = view.status === 409;
  return (
    <IntlRoot locale={DEFAULT_LOCALE} messages={CEREMONY_ENGLISH} timeZone="UTC">
      <MessageScreen title={sealing ? CEREMONY_ENGLISH.copy.preparing : CEREMONY_ENGLISH.copy.brokenTitle} tone={sealing ? "neutral" : "danger"}>
        <p>{view.message}</p>
      </MessageScreen>
    </IntlRoot>
  );
}
