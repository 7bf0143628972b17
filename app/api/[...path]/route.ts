import { notFound } from "@/lib/esign/errors";
import { errorResponse } from "@/lib/http/responses";
import { logRequests } from "@/lib/observability/request-log";

/** Every /api path no route serves: the wire's JSON 404, never an HTML page. */
const unknownPath = logRequests(async (request: Request) => {
  const { pathname } = new URL(request.url);
  return errorResponse(notFound("error.notFound.path", `${request.method} ${pathname} is not part of the API.`));
});

export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
