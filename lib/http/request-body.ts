import type { z } from "zod";
import { parseWith } from "@/lib/api/parse";
import { badRequest } from "@/lib/esign/errors";

/** The media type without parameters (`application/json; esl-api-version=11.68.0` is JSON). */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") throw badRequest("error.validation.emptyBody", "The request body is empty; JSON was expected.");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest("error.validation.invalidJson", "The request body is not valid JSON.", (error as Error).message);
  }
}

export async function readJsonWith<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readJson(request));
}

export { parseWith };
