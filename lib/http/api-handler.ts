import { ZodError } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { findCallerByApiKey, type Caller } from "@/lib/esign/accounts/caller";
import { forbidden, ServiceError, unauthorized } from "@/lib/esign/errors";
import type { Permission } from "@/lib/esign/permissions";
import { describeIssues } from "@/lib/api/parse";
import { errorResponse, json } from "./responses";

type Params = Record<string, string>;
interface RouteContext {
  params: Promise<Params>;
}

interface HandlerInput<P extends Params> {
  request: Request;
  params: P;
  db: Db;
}

type HandlerResult = Response | object;

export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  return forwarded?.split(",")[0].trim() || request.headers.get("x-real-ip") || "unknown";
}

function toResponse(result: HandlerResult): Response {
  return result instanceof Response ? result : json(result);
}

function failure(error: unknown, request: Request): Response {
  if (error instanceof ServiceError) return errorResponse(error);
  if (error instanceof ZodError) {
    return errorResponse(new ServiceError(400, "error.validation.invalidBody", `Invalid request: ${describeIssues(error)}`));
  }
  console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed`, error);
  return errorResponse(new ServiceError(500, "error.internal.default", "An unexpected error occurred. It has been logged."));
}

/** Reads `Authorization: Basic <apiKey>`; the key is sent as is (not base64 of user:password). */
function presentedApiKey(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Basic\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The one wrapper every authenticated API route goes through: it authenticates the key, resolves
 * the caller's account and user, checks the permission the route declares, and maps every error
 * to the wire's JSON error body. No route handler checks credentials by hand.
 */
export function apiRoute<P extends Params = Params>(
  options: { permission: Permission | null },
  handler: (input: HandlerInput<P> & { caller: Caller }) => Promise<HandlerResult>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const apiKey = presentedApiKey(request);
      if (!apiKey) throw unauthorized();
      const db = await getDb();
      const caller = await findCallerByApiKey(db, apiKey, clientIp(request));
      if (!caller) throw unauthorized("The API key is not valid.");
      if (options.permission && !caller.permissions.has(options.permission)) {
        throw forbidden("error.forbidden.noPermission", `This action needs the permission ${options.permission}.`);
      }
      const params = (await context.params) as P;
      return toResponse(await handler({ request, params, db, caller }));
    } catch (error) {
      return failure(error, request);
    }
  };
}

/** For the few routes that need no credential (sign-up): the same error mapping, no caller. */
export function publicRoute<P extends Params = Params>(handler: (input: HandlerInput<P>) => Promise<HandlerResult>) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const db = await getDb();
      return toResponse(await handler({ request, params: (await context.params) as P, db }));
    } catch (error) {
      return failure(error, request);
    }
  };
}
