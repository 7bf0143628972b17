import { z } from "zod";
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

/** Turns zod's issues into one readable sentence: `roles.0.index: expected a number`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, what = "request body"): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badRequest("error.validation.invalidBody", `Invalid ${what}: ${describeIssues(result.error)}`);
  }
  return result.data;
}

export async function readJsonWith<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readJson(request));
}
