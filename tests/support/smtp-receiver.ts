import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The message with quoted-printable soft breaks and escapes undone, enough to find links and codes in it. */
  text: string;
}

/** A real SMTP server on loopback that keeps every message, for tests that read what the service e-mails. */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        this.mails.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()), text });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    // A sender that drops its connection (a server of another test stopping mid-session) is not
    // this receiver's failure; without a listener the "error" event would end the test run's worker.
    this.server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("[smtp-receiver]", error);
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the first message to `address` whose text matches `pattern`; answers the first match group (or the whole match). */
  async waitFor(address: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const mail of this.mails) {
        if (!mail.to.includes(address.toLowerCase())) continue;
        const match = pattern.exec(mail.text);
        if (match) return match[1] ?? match[0];
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail to ${address} matching ${pattern} within ${timeoutMs} ms (${this.mails.length} received)`);
  }
}
