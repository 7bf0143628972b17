import { describe, expect, it } from "vitest";
import {
  callbackFailingEmail,
  catalogueFor,
  declinedEmail,
  escapeHtml,
  expiredEmail,
  oneTimeCodeEmail,
  packageCompletedEmail,
  reminderEmail,
  senderInvitationEmail,
  signerCopyEmail,
  signerLockedEmail,
  signingCancelledEmail,
  signingInvitationEmail,
  type EmailContent,
} from "./index";

const EVIL = `<script>alert("x")</script> & 'co'`;
const ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;";

/** Every fact appears in the text as is, and in the HTML escaped; the raw markup never reaches the HTML. */
function expectFacts(mail: EmailContent, facts: string[]) {
  for (const fact of facts) {
    expect(mail.text).toContain(fact);
    expect(mail.html).toContain(escapeHtml(fact));
  }
  expect(mail.html).not.toContain("<script>");
  expect(mail.subject).not.toContain("\n");
}

describe("e-mail messages", () => {
  it("sender invitation: inviter, account, activation link, expiry", () => {
    const mail = senderInvitationEmail({ inviterName: EVIL, accountName: "Acme", activationUrl: "https://signet.test/activate/abc?x=1&y=2", expires: new Date("2030-01-08T10:00:00Z") });
    expectFacts(mail, ["Acme", "https://signet.test/activate/abc?x=1&y=2", "January 8, 2030 (UTC)"]);
    expect(mail.html).toContain(ESCAPED);
    expect(mail.html).toContain('href="https://signet.test/activate/abc?x=1&amp;y=2"');
    expect(mail.subject).toContain("Acme");
  });

  it("signing invitation: signer, sender, package, the sender's message, the link", () => {
    const mail = signingInvitationEmail({ signerName: "Sia", senderName: "Olive", packageName: EVIL, message: "Please sign\nby Friday", signingUrl: "https://signet.test/sign/t" });
    expectFacts(mail, ["Sia", "Olive", "https://signet.test/sign/t", "by Friday"]);
    expect(mail.html).toContain(ESCAPED);
    expect(mail.text).toContain("> Please sign\n> by Friday");
    expect(signingInvitationEmail({ signerName: "S", senderName: "O", packageName: "P", signingUrl: "u" }).text).not.toContain("> ");
  });

  it("reminder", () => {
    const mail = reminderEmail({ signerName: "Sia", senderName: "Olive", packageName: "Lease", signingUrl: "https://signet.test/sign/t" });
    expectFacts(mail, ["Sia", "Olive", "Lease", "https://signet.test/sign/t"]);
    expect(mail.subject).toMatch(/Reminder/);
  });

  it("signing cancelled: signer, sender, package, the sender's reason quoted, no link", () => {
    const mail = signingCancelledEmail({ signerName: "Sia", senderName: "Olive", packageName: "Lease", reason: `Wrong rent\n${EVIL}` });
    expectFacts(mail, ["Sia", "Olive", "Lease", "cancelled", "no longer work"]);
    expect(mail.subject).toBe('Olive cancelled the signing of "Lease"');
    expect(mail.text).toContain("> Wrong rent\n> ");
    expect(mail.html).toContain(ESCAPED);
    expect(mail.html).not.toContain("<a href");
  });

  it("one-time code", () => {
    const mail = oneTimeCodeEmail({ signerName: "Sia", packageName: "Lease", code: "482913", minutesValid: 10 });
    expectFacts(mail, ["482913", "Lease", "10 minutes"]);
  });

  it("signer locked", () => {
    const mail = signerLockedEmail({ senderName: "Olive", signerName: EVIL, signerEmail: "sia@example.test", packageName: "Lease" });
    expectFacts(mail, ["Olive", "sia@example.test", "Lease"]);
    expect(mail.html).toContain(ESCAPED);
  });

  it("package completed, with a link to the package's page", () => {
    const mail = packageCompletedEmail({ recipientName: "Olive", packageName: "Lease", packageUrl: "https://signet.test/packages/p1" });
    expectFacts(mail, ["Olive", "Lease", "https://signet.test/packages/p1", "downloaded"]);
    expect(mail.html).toContain('<a href="https://signet.test/packages/p1"');
  });

  it("signer's copy: the signer, the package, the download link and until when it works", () => {
    const copyUrl = "https://signet.test/copy/t0k3n";
    const mail = signerCopyEmail({ signerName: "Tia", packageName: "Lease", copyUrl, availableUntil: new Date("2027-02-25T10:00:00Z") });
    expect(mail.subject).toBe('Your signed copy of "Lease"');
    expectFacts(mail, ["Tia", "Lease", copyUrl, "February 25, 2027 (UTC)", "Download your signed documents"]);
    expect(mail.html).toContain(`<a href="${copyUrl}"`);
  });

  it("declined, with the reason", () => {
    const mail = declinedEmail({ senderName: "Olive", signerName: "Sia", packageName: "Lease", reason: EVIL });
    expectFacts(mail, ["Olive", "Sia", "Lease"]);
    expect(mail.html).toContain(ESCAPED);
  });

  it("expired", () => {
    const mail = expiredEmail({ senderName: "Olive", packageName: "Lease", expiredAt: new Date("2030-02-01T00:00:00Z") });
    expectFacts(mail, ["Olive", "Lease", "February 1, 2030 (UTC)"]);
  });

  it("callback failing", () => {
    const mail = callbackFailingEmail({ ownerName: "Olive", callbackUrl: "https://hooks.test/x", eventName: "PACKAGE_COMPLETE", attempts: 10, lastError: "HTTP 503 <html>" });
    expectFacts(mail, ["Olive", "https://hooks.test/x", "PACKAGE_COMPLETE", "10 attempts", "HTTP 503 <html>"]);
  });

  it("picks the language we ship: exact, then the base of a region tag, else English", () => {
    expect(catalogueFor("fr").language).toBe("fr");
    expect(catalogueFor("fr-CA").language).toBe("fr");
    expect(catalogueFor("pt_BR").language).toBe("pt");
    expect(catalogueFor("en-GB").language).toBe("en");
    expect(catalogueFor("zh-CN").language).toBe("en");
    expect(catalogueFor(undefined).language).toBe("en");
    expect(catalogueFor("").language).toBe("en");
    const data = { signerName: "S", senderName: "O", packageName: "P", signingUrl: "u" };
    expect(reminderEmail(data, "zz")).toEqual(reminderEmail(data, "en"));
    expect(reminderEmail(data, "zz").html).toContain('lang="en"');
  });

  it("dates are the UTC day, whatever the hour", () => {
    const late = expiredEmail({ senderName: "O", packageName: "P", expiredAt: new Date("2030-02-01T23:59:00Z") });
    expect(late.text).toContain("February 1, 2030 (UTC)");
  });
});
