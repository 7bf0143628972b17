import { createTranslator } from "use-intl/core";
import de from "@/messages/email/de.json";
import en from "@/messages/email/en.json";
import es from "@/messages/email/es.json";
import fr from "@/messages/email/fr.json";
import it from "@/messages/email/it.json";
import ja from "@/messages/email/ja.json";
import nl from "@/messages/email/nl.json";
import pt from "@/messages/email/pt.json";
import type { Catalogue } from "./types";

export type EmailMessages = typeof en;

/** The e-mail texts of each language we ship; add a language with its JSON file and one line here. */
export const EMAIL_MESSAGES: Record<string, EmailMessages> = { en, fr, de, es, nl, it, pt, ja };

/** A translator of the e-mail texts in `language`; dates in UTC, as the texts say. A missing text or value throws. */
function translatorFor(language: string) {
  return createTranslator({
    locale: language,
    messages: EMAIL_MESSAGES[language],
    timeZone: "UTC",
    onError: (error) => {
      throw error;
    },
  });
}

type Translate = ReturnType<typeof translatorFor>;

/** The text message carrying a signer's SMS code, in `language` (one we ship). */
export function signingCodeTextIn(language: string, data: { code: string; packageName: string; minutesValid: number }): string {
  return translatorFor(language)("textMessage.signingCode", data);
}

/** The text message carrying a signer's signing link (`…/roles/{roleId}/sms_notification`), in `language` (one we ship). */
export function signingLinkTextIn(language: string, data: { senderName: string; packageName: string; signingUrl: string }): string {
  return translatorFor(language)("textMessage.signingLink", data);
}

/** Every kind of message in one language: the blocks are the same in each, only their texts come from the language's file. */
function catalogueOf(t: Translate): Catalogue {
  const hello = (name: string) => ({ paragraph: t("common.hello", { name }) });
  return {
    senderInvitation: {
      subject: (d) => t("senderInvitation.subject", { inviterName: d.inviterName, accountName: d.accountName }),
      body: (d) => [
        { paragraph: t("senderInvitation.intro", { inviterName: d.inviterName, accountName: d.accountName }) },
        { action: { label: t("senderInvitation.action"), url: d.activationUrl } },
        { paragraph: t("senderInvitation.expiry", { expires: d.expires }) },
      ],
    },
    signingInvitation: {
      subject: (d) => t("signingInvitation.subject", { senderName: d.senderName, packageName: d.packageName }),
      body: (d) => [
        hello(d.signerName),
        { paragraph: t("signingInvitation.intro", { senderName: d.senderName, packageName: d.packageName }) },
        ...(d.message ? [{ quote: d.message }] : []),
        ...(d.virtualRoom
          ? [
              {
                paragraph: d.virtualRoom.start
                  ? t("signingInvitation.virtualRoom", { hostName: d.virtualRoom.hostName, start: d.virtualRoom.start })
                  : t("signingInvitation.virtualRoomUnscheduled", { hostName: d.virtualRoom.hostName }),
              },
            ]
          : []),
        { action: { label: t("signingInvitation.action"), url: d.signingUrl } },
      ],
    },
    reminder: {
      subject: (d) => t("reminder.subject", { packageName: d.packageName }),
      body: (d) => [
        hello(d.signerName),
        { paragraph: t("reminder.intro", { senderName: d.senderName, packageName: d.packageName }) },
        { action: { label: t("reminder.action"), url: d.signingUrl } },
      ],
    },
    signingCancelled: {
      subject: (d) => t("signingCancelled.subject", { senderName: d.senderName, packageName: d.packageName }),
      body: (d) => [
        hello(d.signerName),
        { paragraph: t("signingCancelled.intro", { senderName: d.senderName, packageName: d.packageName }) },
        { paragraph: t("common.theirReason") },
        { quote: d.reason },
        { paragraph: t("signingCancelled.sentAgain") },
      ],
    },
    oneTimeCode: {
      subject: (d) => t("oneTimeCode.subject", { packageName: d.packageName }),
      body: (d) => [
        { paragraph: t("oneTimeCode.intro", { signerName: d.signerName, packageName: d.packageName }) },
        { code: d.code },
        { paragraph: t("oneTimeCode.validity", { minutesValid: d.minutesValid }) },
      ],
    },
    signerLocked: {
      subject: (d) => t("signerLocked.subject", { signerName: d.signerName, packageName: d.packageName }),
      body: (d) => [
        hello(d.senderName),
        { paragraph: t("signerLocked.intro", { signerName: d.signerName, signerEmail: d.signerEmail, packageName: d.packageName }) },
        { paragraph: t("signerLocked.howToUnlock") },
      ],
    },
    packageCompleted: {
      subject: (d) => t("packageCompleted.subject", { packageName: d.packageName }),
      body: (d) => [
        hello(d.recipientName),
        { paragraph: t("packageCompleted.intro", { packageName: d.packageName }) },
        { paragraph: t("packageCompleted.downloads") },
        { links: [{ label: t("packageCompleted.link", { packageName: d.packageName }), url: d.packageUrl }] },
      ],
    },
    signerCopy: {
      subject: (d) => t("signerCopy.subject", { packageName: d.packageName }),
      body: (d) => [
        hello(d.signerName),
        { paragraph: t("signerCopy.intro", { packageName: d.packageName }) },
        { action: { label: t("signerCopy.action"), url: d.copyUrl } },
        { paragraph: t("signerCopy.availability", { availableUntil: d.availableUntil }) },
      ],
    },
    declined: {
      subject: (d) => t("declined.subject", { signerName: d.signerName, packageName: d.packageName }),
      body: (d) => [
        hello(d.senderName),
        { paragraph: t("declined.intro", { signerName: d.signerName, packageName: d.packageName }) },
        ...(d.reason ? [{ paragraph: t("common.theirReason") }, { quote: d.reason }] : []),
      ],
    },
    expired: {
      subject: (d) => t("expired.subject", { packageName: d.packageName }),
      body: (d) => [hello(d.senderName), { paragraph: t("expired.intro", { packageName: d.packageName, expiredAt: d.expiredAt }) }],
    },
    callbackFailing: {
      subject: (d) => t("callbackFailing.subject", { callbackUrl: d.callbackUrl }),
      body: (d) => [
        hello(d.ownerName),
        { paragraph: t("callbackFailing.intro", { eventName: d.eventName, callbackUrl: d.callbackUrl, attempts: d.attempts }) },
        { paragraph: t("callbackFailing.lastError") },
        { quote: d.lastError },
        { paragraph: t("callbackFailing.whatToDo") },
      ],
    },
    delegateNamed: {
      subject: (d) => t("delegateNamed.subject", { delegatorName: d.delegatorName }),
      body: (d) => [
        { paragraph: t("delegateNamed.intro", { delegatorName: d.delegatorName, accountName: d.accountName }) },
        ...(d.until ? [{ paragraph: t("delegateNamed.until", { until: d.until }) }] : []),
        { action: { label: t("delegateNamed.action"), url: d.folderUrl } },
      ],
    },
    passwordReset: {
      subject: () => t("passwordReset.subject"),
      body: (d) => [
        hello(d.userName),
        { paragraph: t("passwordReset.intro") },
        { action: { label: t("passwordReset.action"), url: d.resetUrl } },
        { paragraph: t("passwordReset.validity", { minutesValid: d.minutesValid }) },
      ],
    },
    fastTrackLimited: {
      subject: (d) => t("fastTrackLimited.subject", { templateName: d.templateName }),
      body: (d) => [
        hello(d.ownerName),
        { paragraph: t("fastTrackLimited.intro", { templateName: d.templateName, limit: d.limit, allowed: d.allowed }) },
        { paragraph: t("fastTrackLimited.made", { count: d.count }) },
        { paragraph: t("fastTrackLimited.whatToDo") },
        { action: { label: t("fastTrackLimited.action"), url: d.templatesUrl } },
      ],
    },
    signUpConfirmation: {
      subject: () => t("signUpConfirmation.subject"),
      body: (d) => [
        hello(d.userName),
        { paragraph: t("signUpConfirmation.intro", { accountName: d.accountName }) },
        { action: { label: t("signUpConfirmation.action"), url: d.confirmUrl } },
        { paragraph: t("signUpConfirmation.validity", { hoursValid: d.hoursValid }) },
      ],
    },
    signUpAttempted: {
      subject: () => t("signUpAttempted.subject"),
      body: (d) => [
        hello(d.userName),
        { paragraph: t("signUpAttempted.intro") },
        { paragraph: t("signUpAttempted.whatToDo") },
        { action: { label: t("signUpAttempted.signInAction"), url: d.signInUrl } },
        { action: { label: t("signUpAttempted.resetAction"), url: d.forgotPasswordUrl } },
        { paragraph: t("signUpAttempted.ignore") },
      ],
    },
    attachmentRejected: {
      subject: (d) => t("attachmentRejected.subject", { attachmentName: d.attachmentName, packageName: d.packageName }),
      body: (d) => [
        hello(d.signerName),
        { paragraph: t("attachmentRejected.intro", { senderName: d.senderName, attachmentName: d.attachmentName, packageName: d.packageName }) },
        ...(d.comment ? [{ paragraph: t("attachmentRejected.comment") }, { quote: d.comment }] : []),
        { paragraph: t("attachmentRejected.whatToDo") },
        { action: { label: t("attachmentRejected.action"), url: d.signingUrl } },
      ],
    },
  };
}

const catalogues = new Map<string, Catalogue>();

/** The catalogue of a language we ship (see `emailLanguageOf`), built once. */
export function catalogueIn(language: string): Catalogue {
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    catalogue = catalogueOf(translatorFor(language));
    catalogues.set(language, catalogue);
  }
  return catalogue;
}
