import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCallback {
  deliveryId: string;
  body: Record<string, unknown>;
  at: number;
}

/**
 * A callback receiver on loopback, as a customer would run one. It records every POST as it
 * arrives; while `hold` is on it never answers (the connection stays open, as with a receiver
 * that hangs), else it answers 200.
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  hold = false;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      this.received.push({
        deliveryId: String(request.headers["signet-delivery-id"]),
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
        at: Date.now(),
      });
      if (this.hold) return;
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("ok");
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
