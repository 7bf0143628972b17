import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCallback {
  deliveryId: string;
  /** The Authorization header as sent (`Basic <key>` when the registration has a key). */
  authorization?: string;
  body: Record<string, unknown>;
  at: number;
}

/**
 * A callback receiver on loopback, as a customer would run one. It records every POST as it
 * arrives; while `hold` is on it never answers (the connection stays open, as with a receiver
 * that hangs), else it answers `status` (200 unless a test makes it fail).
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  hold = false;
  status = 200;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      this.received.push({
        deliveryId: String(request.headers["signet-delivery-id"]),
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
        at: Date.now(),
      });
      if (this.hold) return;
      response.writeHead(this.status, { "Content-Type": "text/plain" });
      response.end(this.status < 300 ? "ok" : "not now");
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
