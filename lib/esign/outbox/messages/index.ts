import { catalogueIn, EMAIL_MESSAGES, signingCodeTextIn, signingLinkTextIn } from "./catalogue";
import { renderEmail } from "./render";
import type {
  AttachmentRejectedData,
  CallbackFailingData,
  Catalogue,
  DeclinedData,
  EmailContent,
  ExpiredData,
  FastTrackLimitedData,
  OneTimeCodeData,
  PackageCompletedData,
  PasswordResetData,
  DelegateNamedData,
  ReminderData,
  SenderInvitationData,
  SignerCopyData,
  SignerLockedData,
  SigningCancelledData,
  SigningInvitationData,
  SignUpAttemptedData,
  SignUpConfirmationData,
  Template,
} from "./types";

export type * from "./types";
export { escapeHtml } from "./render";

/**
 * The language we write an e-mail in: `language` when we ship it, else the base of its region tag
 * ("fr-CA" and "fr_CA" give "fr", "pt-BR" gives "pt"), else English ("zh-CN" gives "en").
 */
export function emailLanguageOf(language: string | null | undefined): string {
  const wanted = (language ?? "").trim().toLowerCase();
  for (const candidate of [wanted, wanted.split(/[-_]/)[0]]) {
    if (Object.hasOwn(EMAIL_MESSAGES, candidate)) return candidate;
  }
  return "en";
}

/** The catalogue of `language` as `emailLanguageOf` picks it, and the language picked. */
export function catalogueFor(language: string | null | undefined): { language: string; catalogue: Catalogue } {
  const picked = emailLanguageOf(language);
  return { language: picked, catalogue: catalogueIn(picked) };
}

function render<Data>(pick: (catalogue: Catalogue) => Template<Data>, data: Data, language?: string | null): EmailContent {
  const found = catalogueFor(language);
  const template = pick(found.catalogue);
  return renderEmail(template.subject(data), template.body(data), found.language);
}

export const senderInvitationEmail = (data: SenderInvitationData, language?: string | null) => render((c) => c.senderInvitation, data, language);
export const signingInvitationEmail = (data: SigningInvitationData, language?: string | null) => render((c) => c.signingInvitation, data, language);
export const reminderEmail = (data: ReminderData, language?: string | null) => render((c) => c.reminder, data, language);
export const signingCancelledEmail = (data: SigningCancelledData, language?: string | null) => render((c) => c.signingCancelled, data, language);
export const oneTimeCodeEmail = (data: OneTimeCodeData, language?: string | null) => render((c) => c.oneTimeCode, data, language);
export const signerLockedEmail = (data: SignerLockedData, language?: string | null) => render((c) => c.signerLocked, data, language);
export const packageCompletedEmail = (data: PackageCompletedData, language?: string | null) => render((c) => c.packageCompleted, data, language);
export const signerCopyEmail = (data: SignerCopyData, language?: string | null) => render((c) => c.signerCopy, data, language);
export const declinedEmail = (data: DeclinedData, language?: string | null) => render((c) => c.declined, data, language);
export const expiredEmail = (data: ExpiredData, language?: string | null) => render((c) => c.expired, data, language);
export const callbackFailingEmail = (data: CallbackFailingData, language?: string | null) => render((c) => c.callbackFailing, data, language);
export const delegateNamedEmail = (data: DelegateNamedData, language?: string | null) => render((c) => c.delegateNamed, data, language);
export const passwordResetEmail = (data: PasswordResetData, language?: string | null) => render((c) => c.passwordReset, data, language);
export const fastTrackLimitedEmail = (data: FastTrackLimitedData, language?: string | null) => render((c) => c.fastTrackLimited, data, language);
export const signUpConfirmationEmail = (data: SignUpConfirmationData, language?: string | null) => render((c) => c.signUpConfirmation, data, language);
export const signUpAttemptedEmail = (data: SignUpAttemptedData, language?: string | null) => render((c) => c.signUpAttempted, data, language);
export const attachmentRejectedEmail = (data: AttachmentRejectedData, language?: string | null) => render((c) => c.attachmentRejected, data, language);

/** The SMS that carries a signer's code, in the signer's language as `emailLanguageOf` picks it. */
export const signingCodeText = (data: { code: string; packageName: string; minutesValid: number }, language?: string | null) =>
  signingCodeTextIn(emailLanguageOf(language), data);

/** The SMS that carries a signer's signing link, in the signer's language as `emailLanguageOf` picks it. */
export const signingLinkText = (data: { senderName: string; packageName: string; signingUrl: string }, language?: string | null) =>
  signingLinkTextIn(emailLanguageOf(language), data);
