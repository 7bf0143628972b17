import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { EMAIL_MESSAGES, type EmailMessages } from "./catalogue";
import {
  callbackFailingEmail,
  declinedEmail,
  expiredEmail,
  fastTrackLimitedEmail,
  oneTimeCodeEmail,
  packageCompletedEmail,
  passwordResetEmail,
  reminderEmail,
  senderInvitationEmail,
  signerCopyEmail,
  signerLockedEmail,
  signingCancelledEmail,
  signingInvitationEmail,
  signUpAttemptedEmail,
  signUpConfirmationEmail,
  type EmailContent,
} from "./index";

const LANGUAGES = ["en", "fr", "de", "es", "nl", "it", "pt", "ja"];

/** Every text of a language file, by its dotted key. */
function textsOf(messages: EmailMessages): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [namespace, group] of Object.entries(messages)) {
    for (const [key, text] of Object.entries(group as Record<string, string>)) texts.set(`${namespace}.${key}`, text);
  }
  return texts;
}

/** A message's ICU arguments with their type ("name:argument", "expires:date"), sorted. */
function argumentsOf(text: string): string[] {
  const found = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.add(`${element.value}:argument`);
      if (element.type === TYPE.number) found.add(`${element.value}:number`);
      if (element.type === TYPE.date) found.add(`${element.value}:date`);
      if (element.type === TYPE.time) found.add(`${element.value}:time`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        found.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
        for (const option of Object.values(element.options)) visit(option.value);
      }
    }
  };
  visit(parse(text));
  return [...found].sort();
}

/** One e-mail of each kind, with data that shows in the texts. */
function everyKindIn(language: string): Record<string, EmailContent> {
  const day = new Date("2030-01-08T23:30:00Z");
  return {
    senderInvitation: senderInvitationEmail({ inviterName: "Olive", accountName: "Acme", activationUrl: "https://signet.test/a", expires: day }, language),
    signingInvitation: signingInvitationEmail({ signerName: "Sia", senderName: "Olive", packageName: "Lease", message: "Hi", signingUrl: "https://signet.test/s" }, language),
    reminder: reminderEmail({ signerName: "Sia", senderName: "Olive", packageName: "Lease", signingUrl: "https://signet.test/s" }, language),
    signingCancelled: signingCancelledEmail({ signerName: "Sia", senderName: "Olive", packageName: "Lease", reason: "Wrong rent" }, language),
    oneTimeCode: oneTimeCodeEmail({ signerName: "Sia", packageName: "Lease", code: "482913", minutesValid: 10 }, language),
    signerLocked: signerLockedEmail({ senderName: "Olive", signerName: "Sia", signerEmail: "sia@example.test", packageName: "Lease" }, language),
    packageCompleted: packageCompletedEmail({ recipientName: "Olive", packageName: "Lease", packageUrl: "https://signet.test/p" }, language),
    signerCopy: signerCopyEmail({ signerName: "Sia", packageName: "Lease", copyUrl: "https://signet.test/c", availableUntil: day }, language),
    declined: declinedEmail({ senderName: "Olive", signerName: "Sia", packageName: "Lease", reason: "No" }, language),
    expired: expiredEmail({ senderName: "Olive", packageName: "Lease", expiredAt: day }, language),
    callbackFailing: callbackFailingEmail({ ownerName: "Olive", callbackUrl: "https://hooks.test/x", eventName: "PACKAGE_COMPLETE", attempts: 10, lastError: "HTTP 503" }, language),
    passwordReset: passwordResetEmail({ userName: "Olive", resetUrl: "https://signet.test/r", minutesValid: 60 }, language),
    fastTrackLimited: fastTrackLimitedEmail(
      { ownerName: "Olive", templateName: "Lease", limit: "address", allowed: 10, count: 37, templatesUrl: "https://signet.test/templates" },
      language,
    ),
    signUpConfirmation: signUpConfirmationEmail({ userName: "Olive", accountName: "Acme", confirmUrl: "https://signet.test/signup/confirm?token=t", hoursValid: 24 }, language),
    signUpAttempted: signUpAttemptedEmail({ userName: "Olive", signInUrl: "https://signet.test/signin", forgotPasswordUrl: "https://signet.test/forgot-password" }, language),
  };
}

describe("e-mail languages", () => {
  it("ships exactly the eight languages", () => {
    expect(Object.keys(EMAIL_MESSAGES).sort()).toEqual([...LANGUAGES].sort());
  });

  const english = textsOf(EMAIL_MESSAGES.en);
  for (const language of Object.keys(EMAIL_MESSAGES).filter((l) => l !== "en")) {
    it(`${language} has every English text, no other, with the same ICU arguments`, () => {
      const texts = textsOf(EMAIL_MESSAGES[language]);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect({ key, arguments: argumentsOf(texts.get(key)!) }).toEqual({ key, arguments: argumentsOf(text) });
        expect(texts.get(key)!.trim(), key).not.toBe("");
      }
    });
  }

  for (const language of Object.keys(EMAIL_MESSAGES)) {
    it(`${language}: every kind renders, in its language, with its facts and dates in UTC`, () => {
      for (const [kind, mail] of Object.entries(everyKindIn(language))) {
        expect(mail.html, kind).toContain(`<html lang="${language}">`);
        expect(mail.subject, kind).not.toMatch(/[{}]|\n/);
        expect(mail.text, kind).not.toMatch(/[{}]/);
        expect(mail.text, kind).toContain("Signet");
      }
      const mails = everyKindIn(language);
      expect(mails.signingInvitation.text).toContain("Lease");
      expect(mails.oneTimeCode.text).toContain("482913");
      expect(mails.callbackFailing.text).toContain("10");
      expect(mails.fastTrackLimited.text).toContain("37");
      expect(mails.signUpConfirmation.text).toContain("https://signet.test/signup/confirm?token=t");
      expect(mails.signUpConfirmation.text).toContain("24");
      expect(mails.signUpAttempted.text).toContain("https://signet.test/forgot-password");
      // 23:30 UTC on the 8th is still the 8th; the year shows in every locale.
      expect(mails.expired.text).toMatch(/8/);
      expect(mails.expired.text).toContain("2030");
    });
  }

  it("reads naturally in each language", () => {
    const invitation = (language: string) => everyKindIn(language).signingInvitation;
    expect(invitation("fr").subject).toBe("Olive vous invite à signer « Lease »");
    expect(invitation("de").subject).toBe("Olive bittet Sie, „Lease“ zu unterschreiben");
    expect(invitation("es").subject).toContain("le pide que firme");
    expect(invitation("nl").subject).toContain("vraagt u om");
    expect(invitation("it").subject).toContain("Le chiede di firmare");
    expect(invitation("pt").subject).toContain("pede que você assine");
    expect(invitation("ja").subject).toBe("Olive さんから「Lease」への署名依頼が届いています");
    expect(everyKindIn("fr").expired.text).toContain("8 janvier 2030 (UTC)");
    expect(everyKindIn("de").expired.text).toContain("8. Januar 2030 (UTC)");
    expect(everyKindIn("ja").expired.text).toContain("2030年1月8日");
  });

  it("the English texts stay as they were", () => {
    const mails = everyKindIn("en");
    expect(mails.signingInvitation.subject).toBe('Olive asks you to sign "Lease"');
    expect(mails.signingInvitation.text).toBe(
      'Hello Sia,\n\nOlive sent you "Lease" to review and sign.\n\n> Hi\n\nReview and sign: https://signet.test/s\n\n-- \nSignet\n',
    );
    expect(mails.expired.text).toContain('"Lease" expired on January 8, 2030 (UTC) before everyone signed.');
  });
});
