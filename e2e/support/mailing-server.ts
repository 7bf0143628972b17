import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, type Server, startServer, stopServer, waitUntilAnswering } from "./servers";
import { SmtpReceiver } from "../../tests/support/smtp-receiver";

/** A Signet server of a spec's own, in a fresh data folder, that e-mails through a real SMTP receiver on loopback. */
export interface MailingServer {
  server: Server;
  smtp: SmtpReceiver;
  dataDir: string;
  /** Stops both and removes the data folder. */
  stop(): Promise<void>;
}

/** `name` marks its data folder (signet-e2e-<name>-…); `environment`: settings of its own. */
export async function startMailingServer(name: string, environment: Record<string, string> = {}): Promise<MailingServer> {
  const smtp = new SmtpReceiver();
  const smtpUrl = await smtp.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `signet-e2e-${name}-`));
  const server = startServer(dataDir, await freePort(), { ...environment, SMTP_URL: smtpUrl });
  const stop = async () => {
    await stopServer(server);
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, smtp, dataDir, stop };
}
