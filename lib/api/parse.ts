import { z } from "zod";
import { badRequest } from "@/lib/esign/errors";

/** Turns zod's issues into one readable sentence: `roles.0.index: expected a number`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}

/** Validates wire input against its schema, or throws a 400 that says what is wrong and where. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, what = "request body"): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badRequest("error.validation.invalidBody", `Invalid ${what}: ${describeIssues(result.error)}`);
  }
  return result.data;
}
