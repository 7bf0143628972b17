import http from "node:http";

export interface PlainAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP request leaving from `localAddress` (any of 127.0.0.0/8 on loopback): a test can be a
 * proxy the server trusts (TRUSTED_PROXIES) and, from another address, a client it does not.
 */
export function requestFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers, localAddress }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.once("error", reject);
    request.end(init.body);
  });
}
