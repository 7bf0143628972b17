export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** Sends one message through the SMTP server of `smtpUrl` (smtp:// with STARTTLS when offered, or smtps://). */
export async function sendSmtp(smtpUrl: string, message: SmtpMessage): Promise<void> {
  // Loaded at the first message, not with the workers at start.
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  try {
    await transport.sendMail({ ...message, messageId: `<${message.messageId}@signet>` });
  } finally {
    transport.close();
  }
}

/** A 5xx answer (e.g. 550 on RCPT: no such mailbox) will not change on retry; anything else might. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function smtpErrorText(error: unknown): string {
  const { message, response } = error as { message?: string; response?: string };
  return (response || message || String(error)).slice(0, 500);
}
