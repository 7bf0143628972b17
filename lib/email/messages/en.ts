import type { Catalogue } from "./types";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** English, the fallback of every other language. */
export const en: Catalogue = {
  senderInvitation: {
    subject: (d) => `${d.inviterName} invited you to ${d.accountName} on Signet`,
    body: (d) => [
      { paragraph: `${d.inviterName} invited you to send documents for signature as a member of ${d.accountName}.` },
      { action: { label: "Activate your account", url: d.activationUrl } },
      { paragraph: `The link works until ${day(d.expires)} (UTC). If you did not expect this invitation, ignore this e-mail.` },
    ],
  },
  signingInvitation: {
    subject: (d) => `${d.senderName} asks you to sign "${d.packageName}"`,
    body: (d) => [
      { paragraph: `Hello ${d.signerName},` },
      { paragraph: `${d.senderName} sent you "${d.packageName}" to review and sign.` },
      ...(d.message ? [{ quote: d.message }] : []),
      { action: { label: "Review and sign", url: d.signingUrl } },
    ],
  },
  reminder: {
    subject: (d) => `Reminder: "${d.packageName}" is waiting for your signature`,
    body: (d) => [
      { paragraph: `Hello ${d.signerName},` },
      { paragraph: `${d.senderName} is still waiting for you to sign "${d.packageName}".` },
      { action: { label: "Review and sign", url: d.signingUrl } },
    ],
  },
  signingCancelled: {
    subject: (d) => `${d.senderName} cancelled the signing of "${d.packageName}"`,
    body: (d) => [
      { paragraph: `Hello ${d.signerName},` },
      { paragraph: `${d.senderName} cancelled the signing of "${d.packageName}". The links you were sent to sign it no longer work.` },
      { paragraph: "Their reason:" },
      { quote: d.reason },
      { paragraph: "If the package is sent again, you will get a new invitation." },
    ],
  },
  oneTimeCode: {
    subject: (d) => `Your code to sign "${d.packageName}"`,
    body: (d) => [
      { paragraph: `Hello ${d.signerName}, enter this code to open "${d.packageName}":` },
      { code: d.code },
      { paragraph: `It works for ${d.minutesValid} minutes. Never share it: nobody from Signet will ask for it.` },
    ],
  },
  signerLocked: {
    subject: (d) => `${d.signerName} is locked out of "${d.packageName}"`,
    body: (d) => [
      { paragraph: `Hello ${d.senderName},` },
      { paragraph: `${d.signerName} (${d.signerEmail}) failed to verify their identity too many times and can no longer open "${d.packageName}".` },
      { paragraph: "Unlock the signer, or change how they are verified, to let them sign." },
    ],
  },
  packageCompleted: {
    subject: (d) => `"${d.packageName}" is complete`,
    body: (d) => [
      { paragraph: `Hello ${d.recipientName},` },
      { paragraph: `Everyone has signed "${d.packageName}".` },
      { paragraph: "The signed documents and the evidence summary can be downloaded from its page:" },
      { links: [{ label: `"${d.packageName}" in Signet`, url: d.packageUrl }] },
    ],
  },
  signerCopy: {
    subject: (d) => `Your signed copy of "${d.packageName}"`,
    body: (d) => [
      { paragraph: `Hello ${d.signerName},` },
      { paragraph: `Everyone has signed "${d.packageName}". Your copy of the signed documents is ready.` },
      { action: { label: "Download your signed documents", url: d.copyUrl } },
      { paragraph: `The link is for you alone and works until ${day(d.availableUntil)} (UTC); keep a copy of the documents if you need them longer.` },
    ],
  },
  declined: {
    subject: (d) => `${d.signerName} declined to sign "${d.packageName}"`,
    body: (d) => [
      { paragraph: `Hello ${d.senderName},` },
      { paragraph: `${d.signerName} declined to sign "${d.packageName}".` },
      ...(d.reason ? [{ paragraph: "Their reason:" }, { quote: d.reason }] : []),
    ],
  },
  expired: {
    subject: (d) => `"${d.packageName}" expired`,
    body: (d) => [
      { paragraph: `Hello ${d.senderName},` },
      { paragraph: `"${d.packageName}" expired on ${day(d.expiredAt)} (UTC) before everyone signed. It can no longer be signed.` },
    ],
  },
  callbackFailing: {
    subject: (d) => `Event notifications to ${d.callbackUrl} are failing`,
    body: (d) => [
      { paragraph: `Hello ${d.ownerName},` },
      { paragraph: `Signet could not deliver the ${d.eventName} notification to ${d.callbackUrl} after ${d.attempts} attempts.` },
      { paragraph: "Last error:" },
      { quote: d.lastError },
      { paragraph: "Check that the address answers with a 2xx status, then resend the failed deliveries." },
    ],
  },
  passwordReset: {
    subject: () => "Choose a new Signet password",
    body: (d) => [
      { paragraph: `Hello ${d.userName},` },
      { paragraph: "Someone, probably you, asked to reset the password of your Signet account." },
      { action: { label: "Choose a new password", url: d.resetUrl } },
      { paragraph: `The link works once, for ${d.minutesValid} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.` },
    ],
  },
};
