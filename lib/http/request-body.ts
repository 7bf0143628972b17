import type { z } from "zod";
import { parseWith } from "@/lib/api/parse";
import { badRequest, tooLarge } from "@/lib/esign/errors";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";
import { assertStorableText } from "./storable-text";

/** The media type without parameters (`application/json; esl-api-version=11.68.0` is JSON). */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** JSON bodies are small: a package payload with hundreds of fields is well under this. */
const MAX_JSON_BYTES = 10 * 1024 * 1024;

/** The body as text, refused with 413 past `limit` bytes (declared or counted while streaming). */
async function readBodyText(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? "0") > limit) {
    throw tooLarge(`The request body is larger than the limit of ${limit / 1024 / 1024} MB.`);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    received += next.value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw tooLarge(`The request body is larger than the limit of ${limit / 1024 / 1024} MB.`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * JSON text parsed, with every string and key checked storable; `what` names it in errors. Every
 * JSON a request carries (bodies, multipart payload parts) is read here, so the nesting limit is
 * checked on the text first, before anything parses or walks the value.
 */
export function parseJsonText(text: string, what = "The request body"): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw badRequest("error.validation.jsonTooDeep", `${what} nests objects and arrays deeper than the limit of ${MAX_JSON_DEPTH} levels.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest("error.validation.invalidJson", `${what} is not valid JSON.`, (error as Error).message);
  }
  assertStorableText(value, what);
  return value;
}

export async function readJson(request: Request): Promise<unknown> {
  const text = await readBodyText(request, MAX_JSON_BYTES);
  if (text.trim() === "") throw badRequest("error.validation.emptyBody", "The request body is empty; JSON was expected.");
  return parseJsonText(text);
}

/** The JSON body, or `fallback` when the body is empty (a POST whose body the original lets clients leave out). */
export async function readOptionalJson(request: Request, fallback: unknown): Promise<unknown> {
  const text = await readBodyText(request, MAX_JSON_BYTES);
  return text.trim() === "" ? fallback : parseJsonText(text);
}

export async function readJsonWith<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readJson(request));
}

export { parseWith };
