import { describe, expect, it } from "vitest";
import { oneTimeCodeEmail, packageCompletedEmail, passwordResetEmail, signerCopyEmail, signingInvitationEmail } from "@/lib/esign/outbox/messages";
import { outboxBody } from "./outbox-body";

describe("an e-mail's text in the outbox", () => {
  it("hides the signing link of an invitation, and keeps the rest", () => {
    const signingUrl = "https://signet.test/access?sessionToken=secret-token";
    const { text } = signingInvitationEmail({ signerName: "Ann", senderName: "Olive", packageName: "Lease", signingUrl });
    const shown = outboxBody("SIGNING_INVITATION", text);
    expect(shown).not.toContain("secret-token");
    expect(shown).toContain("Review and sign: [link for the recipient only]");
    expect(shown).toContain('Olive sent you "Lease"');
  });

  it("hides a one-time code and a password-reset link", () => {
    const code = oneTimeCodeEmail({ signerName: "Ann", packageName: "Lease", code: "493021", minutesValid: 10 }).text;
    expect(outboxBody("ONE_TIME_CODE", code)).not.toContain("493021");
    const reset = passwordResetEmail({ userName: "Ann", resetUrl: "https://signet.test/reset-password/abc123", minutesValid: 60 }).text;
    expect(outboxBody("PASSWORD_RESET", reset)).not.toContain("abc123");
    const copy = signerCopyEmail({ signerName: "Ann", packageName: "Lease", copyUrl: "https://signet.test/copy/copy-token", availableUntil: new Date() }).text;
    expect(outboxBody("SIGNER_COPY", copy)).not.toContain("copy-token");
  });

  it("shows notices to the sender as they were sent, and hides links in kinds it does not know", () => {
    const { text } = packageCompletedEmail({ recipientName: "Olive", packageName: "Lease", packageUrl: "https://signet.test/packages/p1" });
    expect(outboxBody("PACKAGE_COMPLETED", text)).toBe(text);
    expect(outboxBody("SOMETHING_NEW", "Open https://signet.test/x?token=1")).toBe("Open [link for the recipient only]");
  });
});
