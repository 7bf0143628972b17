import { forbidden } from "@/lib/esign/errors";
import { errorResponse } from "./responses";

/**
 * What Next.js takes for a server action: a POST with a Next-Action header (sent by script), or a
 * multipart form POST (a form whose action is a server action, sent before script runs, carries
 * the action's id in its fields).
 */
export function isPossibleServerAction(request: Request): boolean {
  if (request.method !== "POST") return false;
  const contentType = request.headers.get("content-type") ?? "";
  return request.headers.has("next-action") || contentType.toLowerCase().startsWith("multipart/form-data");
}

/**
 * Whether a server action POST comes from another origin. Next.js refuses such a request too, but
 * as a 500 ("Invalid Server Actions request", HTML or text); checked first, it is the client's 403
 * JSON. The comparison is Next.js's own: the Origin's host against X-Forwarded-Host, else Host. A
 * request without Origin (old browsers) is left to Next.js, which lets it through.
 */
export function isCrossOriginServerAction(request: Request): boolean {
  if (!isPossibleServerAction(request)) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or anything else that is not an origin
  }
}

export function crossOriginServerActionRefusal(): Response {
  return errorResponse(forbidden("error.forbidden.crossOrigin", "This form was sent from another site; open the page on this site and send it from there."));
}
