import { badRequest } from "@/lib/esign/errors";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";
import { mediaType } from "./request-body";
import { errorResponse } from "./responses";
import { isPossibleServerAction } from "./server-action-origin";

/**
 * Whether a server action's arguments nest deeper than the JSON limit. React decodes them (JSON
 * text, or JSON in each field of a multipart form) recursively, and arguments 5,000 levels deep
 * overflowed its stack: a 500. Read from a copy, so Next.js still gets the body.
 */
export async function serverActionNestsTooDeep(request: Request): Promise<boolean> {
  if (!isPossibleServerAction(request) || !request.body) return false;
  if (mediaType(request) === "multipart/form-data") {
    const form = await request.clone().formData().catch(() => null);
    // A form that cannot be read is Next.js's to refuse.
    if (!form) return false;
    return [...form.values()].some((value) => typeof value === "string" && nestsDeeperThan(value, MAX_JSON_DEPTH));
  }
  return nestsDeeperThan(await request.clone().text(), MAX_JSON_DEPTH);
}

export function tooDeepServerActionRefusal(): Response {
  return errorResponse(badRequest("error.validation.jsonTooDeep", `The form's data nests objects and arrays deeper than the limit of ${MAX_JSON_DEPTH} levels.`));
}
