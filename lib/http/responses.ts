import { STATUS_CODES } from "node:http";
import { ServiceError } from "@/lib/esign/errors";
import { declareContentLength } from "./content-length";

/** A JSON answer with its length, declared on the wire (content-length.ts: so that one under 1 KB is not gzipped). */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** A JSON answer already written as text (lists join their packages' stored JSON: list-texts.ts). */
export function jsonText(text: string, status = 200, headers: HeadersInit = {}): Response {
  const response = new Response(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(text)), ...headers },
  });
  declareContentLength(response.headers);
  return response;
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * The wire's error body: `{code, name, message, messageKey, technical?, entity?}`. A 429 (or a 409
 * that clears by itself, a seal not stored yet) whose entity says `retryAfterSeconds` also carries
 * it as the Retry-After header.
 */
export function errorResponse(error: ServiceError): Response {
  const body: Record<string, unknown> = {
    code: error.status,
    name: STATUS_CODES[error.status] ?? "Error",
    message: error.message,
    messageKey: error.messageKey,
  };
  if (error.technical) body.technical = error.technical;
  if (error.entity) body.entity = error.entity;
  const retryAfter = error.status === 429 || error.status === 409 ? error.entity?.retryAfterSeconds : undefined;
  return json(body, error.status, typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : {});
}

/** `attachment; filename*=UTF-8''<name>` with a plain ASCII fallback for old clients. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  // RFC 5987: encodeURIComponent leaves ' ( ) * unescaped, which filename* does not allow.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function download(
  body: BodyInit,
  fileName: string,
  contentType: string,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(body, {
    status: 200,
    headers: { "content-type": contentType, "content-disposition": contentDisposition(fileName), ...extraHeaders },
  });
}
