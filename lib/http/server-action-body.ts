import { badRequest } from "@/lib/esign/errors";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";
import { errorResponse } from "./responses";
import { isPossibleServerAction } from "./server-action-origin";

/**
 * Whether a server action's arguments nest deeper than the JSON limit. React decodes them (JSON
 * text, or JSON in each field of a multipart form) recursively, and arguments 5,000 levels deep
 * overflowed its stack: a 500. Read from a copy, so Next.js still gets the body.
 */
export async function serverActionNestsTooDeep(request: Request): Promise<boolean> {
  if (!isPossibleServerAction(request) || !request.body) return false;
  // Next.js reads the body as a form only when the header starts with "multipart/form-data" as
  // written (server-action-request-meta.js), and decodes any other body as the arguments' text: so
  // "Multipart/Form-Data" is text to React, and is scanned as text here.
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const form = await request.clone().formData().catch(() => null);
    if (form) return [...form.values()].some((value) => typeof value === "string" && nestsDeeperThan(value, MAX_JSON_DEPTH));
  }
  return nestsDeeperThan(await request.clone().text(), MAX_JSON_DEPTH);
}

export function tooDeepServerActionRefusal(): Response {
  return errorResponse(badRequest("error.validation.jsonTooDeep", `The form's data nests objects and arrays deeper than the limit of ${MAX_JSON_DEPTH} levels.`));
}
