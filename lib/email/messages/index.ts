import { en } from "./en";
import { renderEmail } from "./render";
import type {
  CallbackFailingData,
  Catalogue,
  DeclinedData,
  EmailContent,
  ExpiredData,
  OneTimeCodeData,
  PackageCompletedData,
  PasswordResetData,
  ReminderData,
  SenderInvitationData,
  SignerCopyData,
  SignerLockedData,
  SigningCancelledData,
  SigningInvitationData,
  Template,
} from "./types";

export type * from "./types";
export { escapeHtml } from "./render";

/** One catalogue per language we have; add a language by adding its catalogue here. */
const catalogues: Record<string, Catalogue> = { en };

/** The catalogue of `language` ("fr-CA" falls back to "fr"), English when we have neither. */
export function catalogueFor(language: string | undefined): { language: string; catalogue: Catalogue } {
  const wanted = (language ?? "en").toLowerCase();
  for (const candidate of [wanted, wanted.split(/[-_]/)[0]]) {
    if (catalogues[candidate]) return { language: candidate, catalogue: catalogues[candidate] };
  }
  return { language: "en", catalogue: en };
}

function render<Data>(pick: (catalogue: Catalogue) => Template<Data>, data: Data, language?: string): EmailContent {
  const found = catalogueFor(language);
  const template = pick(found.catalogue);
  return renderEmail(template.subject(data), template.body(data), found.language);
}

export const senderInvitationEmail = (data: SenderInvitationData, language?: string) => render((c) => c.senderInvitation, data, language);
export const signingInvitationEmail = (data: SigningInvitationData, language?: string) => render((c) => c.signingInvitation, data, language);
export const reminderEmail = (data: ReminderData, language?: string) => render((c) => c.reminder, data, language);
export const signingCancelledEmail = (data: SigningCancelledData, language?: string) => render((c) => c.signingCancelled, data, language);
export const oneTimeCodeEmail = (data: OneTimeCodeData, language?: string) => render((c) => c.oneTimeCode, data, language);
export const signerLockedEmail = (data: SignerLockedData, language?: string) => render((c) => c.signerLocked, data, language);
export const packageCompletedEmail = (data: PackageCompletedData, language?: string) => render((c) => c.packageCompleted, data, language);
export const signerCopyEmail = (data: SignerCopyData, language?: string) => render((c) => c.signerCopy, data, language);
export const declinedEmail = (data: DeclinedData, language?: string) => render((c) => c.declined, data, language);
export const expiredEmail = (data: ExpiredData, language?: string) => render((c) => c.expired, data, language);
export const callbackFailingEmail = (data: CallbackFailingData, language?: string) => render((c) => c.callbackFailing, data, language);
export const passwordResetEmail = (data: PasswordResetData, language?: string) => render((c) => c.passwordReset, data, language);
