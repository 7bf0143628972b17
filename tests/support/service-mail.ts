import { afterAll, beforeAll } from "vitest";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { SmtpReceiver } from "./smtp-receiver";

/**
 * For a test file whose service e-mails through a real SMTP server on loopback: SMTP_URL is set
 * and the send-email worker runs for the whole file, both ended after it. Set the file's own
 * JOB_SCHEMA first, so that its worker sends no other file's e-mails.
 */
export function receiveServiceMail(): SmtpReceiver {
  const smtp = new SmtpReceiver();
  beforeAll(async () => {
    process.env.SMTP_URL = await smtp.start();
    await startJobQueue({ only: ["send-email"], pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await stopJobQueue();
    await smtp.stop();
    delete process.env.SMTP_URL;
  });
  return smtp;
}
