import http from "node:http";
import type { AddressInfo } from "node:net";

/** A text message the fake Twilio accepted, as its form fields gave it. */
export interface TextMessage {
  to: string;
  from: string;
  body: string;
}

export interface TwilioTestServer {
  /** The base URL to set as TWILIO_API_URL. */
  url: string;
  /** Every message accepted, in order. */
  messages: TextMessage[];
  /** Why each refused request was refused ("authorization", "no To", ...). */
  refusals: string[];
  close(): Promise<void>;
}

/**
 * A loopback server speaking Twilio's Messages API for tests: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To, From and Body, HTTP Basic
 * auth AccountSid:AuthToken. It answers 201 with a JSON message like Twilio's and keeps each
 * message; anything else is refused (401 for the credentials, 400 otherwise) and recorded.
 * Used by the API tests (in process) and the end-to-end journeys (against the built server).
 */
export async function startTwilioServer(accountSid: string, authToken: string): Promise<TwilioTestServer> {
  const messages: TextMessage[] = [];
  const refusals: string[] = [];
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      const problems: string[] = [];
      if (request.method !== "POST") problems.push(`method ${request.method}`);
      if (request.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) problems.push(`path ${request.url}`);
      if (request.headers.authorization !== expectedAuth) problems.push("authorization");
      if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) problems.push("content-type");
      const form = new URLSearchParams(raw);
      for (const name of ["To", "From", "Body"]) if (!form.get(name)) problems.push(`no ${name}`);
      if (problems.length > 0) {
        refusals.push(problems.join(", "));
        const status = problems.includes("authorization") ? 401 : 400;
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: status === 401 ? 20003 : 21602, message: problems.join(", "), more_info: "https://www.twilio.com/docs/errors", status }));
        return;
      }
      messages.push({ to: form.get("To")!, from: form.get("From")!, body: form.get("Body")! });
      const sid = `SM${String(messages.length).padStart(32, "0")}`;
      const now = new Date().toUTCString();
      response.writeHead(201, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          sid,
          account_sid: accountSid,
          to: form.get("To"),
          from: form.get("From"),
          body: form.get("Body"),
          status: "queued",
          direction: "outbound-api",
          num_segments: "1",
          date_created: now,
          date_updated: now,
          date_sent: null,
          error_code: null,
          error_message: null,
          api_version: "2010-04-01",
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    refusals,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
