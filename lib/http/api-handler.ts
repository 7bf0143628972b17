import { ZodError } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { findCallerByAccessToken, findCallerByApiKey, type Caller } from "@/lib/esign/accounts/caller";
import { forbidden, ServiceError, unauthorized } from "@/lib/esign/errors";
import type { Permission } from "@/lib/esign/permissions";
import { designerMayCall } from "@/lib/api/designer-scope";
import { withContract, type RouteContract } from "@/lib/api/openapi/operation";
import { describeIssues } from "@/lib/api/parse";
import { errorResponse, json } from "./responses";
import { assertStorableAddress } from "./storable-text";
import { assertServedPath } from "./unserved-paths";
import { parseDeclaredInput, type DeclaredInput } from "./route-input";
import { plainAddress } from "./client-address";
import { CLIENT_CLOSED_REQUEST, clientClosed, logRequests, noteAccount, requestLog } from "@/lib/observability/request-log";

type Params = Record<string, string>;
interface RouteContext {
  params: Promise<Params>;
}

/** What every handler gets; with a contract, its declared input as well (DeclaredInput). */
interface HandlerInput {
  request: Request;
  db: Db;
}

type ApiContract = RouteContract & { permission: Permission | null };
type PublicContract = Omit<RouteContract, "permission">;

type HandlerResult = Response | object;

/** The client's address: the server resolved it into X-Forwarded-For (lib/http/client-address.ts). */
export function clientIp(request: Request): string {
  return plainAddress(request.headers.get("x-forwarded-for")?.split(",")[0] ?? "") || "unknown";
}

function toResponse(result: HandlerResult): Response {
  return result instanceof Response ? result : json(result);
}

function failure(error: unknown, request: Request): Response {
  if (error instanceof ServiceError) return errorResponse(error);
  if (isForeignKeyViolation(error)) {
    return errorResponse(
      new ServiceError(409, "error.conflict.concurrentChange", "Something this request refers to was changed or removed at the same time; read it again and retry."),
    );
  }
  if (error instanceof ZodError) {
    return errorResponse(new ServiceError(400, "error.validation.invalidBody", `Invalid request: ${describeIssues(error)}`));
  }
  // Reading the body of a client that went away fails; that is not the server's error, and no one reads the answer.
  if (clientClosed(request)) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
  requestLog().error({ err: error }, `${request.method} failed`);
  return errorResponse(new ServiceError(500, "error.internal.default", "An unexpected error occurred. It has been logged."));
}

/**
 * The caller behind `Authorization: Basic <apiKey>` (the key as is, not base64 of user:password)
 * or `Authorization: Bearer <accessToken>`.
 */
async function authenticate(db: Db, request: Request): Promise<Caller> {
  const match = /^(Basic|Bearer)\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) throw unauthorized();
  const ip = clientIp(request);
  const caller =
    match[1].toLowerCase() === "basic" ? await findCallerByApiKey(db, match[2], ip) : await findCallerByAccessToken(db, match[2], ip);
  if (!caller) throw unauthorized(match[1].toLowerCase() === "basic" ? "The API key is not valid." : "The access token is not valid or has expired.");
  return caller;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/** Spec 3.5: a locked sender can read but not create or send; an invited one has not activated yet. */
function assertMayAct(caller: Caller, method: string): void {
  if (caller.user.status === "INVITED") {
    throw forbidden("error.forbidden.senderNotActivated", "This sender has not activated their account yet; follow the invitation link first.");
  }
  if (caller.user.status === "LOCKED" && !READ_METHODS.has(method)) {
    throw forbidden("error.forbidden.senderLocked", "This sender is locked: they can still read their transactions but cannot create, change or send any.");
  }
}

/** An embedded designer session's key (DESIGNER) acts on its one package and the builder's reads only. */
function assertWithinDesignerScope(caller: Caller, request: Request): void {
  if (!caller.designerPackageId) return;
  const url = new URL(request.url);
  if (designerMayCall(caller.designerPackageId, request.method, url.pathname)) return;
  throw forbidden(
    "error.forbidden.designerSession",
    `This key belongs to the embedded designer of package ${caller.designerPackageId}: it may call /api/packages/${caller.designerPackageId} and what is under it, and read the session and the account's settings, senders, groups, custom fields, verification types and layouts; nothing else.`,
  );
}

/**
 * The one wrapper every authenticated API route goes through: it refuses the original's paths that
 * only reached the route through an id (lib/http/unserved-paths.ts), authenticates the key or token,
 * resolves the caller's account, user and permissions, refuses locked senders' writes, checks the
 * permission the route's contract declares, and maps every error to the wire's JSON error body. No
 * route handler checks credentials by hand. The contract (permission, schemas, OpenAPI text) stays
 * attached to the handler for the OpenAPI document.
 */
export function apiRoute<const C extends ApiContract>(
  contract: C,
  handler: (input: HandlerInput & DeclaredInput<C> & { caller: Caller }) => Promise<HandlerResult>,
) {
  return withContract(contract, logRequests(async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const params = (await paramsOf(context)) as DeclaredInput<C>["params"];
      assertServedPath(request, params);
      assertStorableAddress(request, params);
      const db = await getDb();
      const caller = await authenticate(db, request);
      noteAccount(caller.account.id);
      assertMayAct(caller, request.method);
      assertWithinDesignerScope(caller, request);
      if (contract.permission && !caller.permissions.has(contract.permission)) {
        throw forbidden("error.forbidden.noPermission", `This action needs the permission ${contract.permission}.`);
      }
      const input = await parseDeclaredInput(contract, request);
      return toResponse(await handler({ request, params, db, caller, ...input }));
    } catch (error) {
      return failure(error, request);
    }
  }));
}

/**
 * For the few routes that need no credential (sign-up): the same error mapping and declared input,
 * no caller.
 */
export function publicRoute<const C extends PublicContract>(contract: C, handler: (input: HandlerInput & DeclaredInput<C>) => Promise<HandlerResult>) {
  const route = unauthenticatedRoute<DeclaredInput<C>["params"]>(async ({ request, params, db }) => {
    const input = await parseDeclaredInput(contract, request);
    return handler({ request, params, db, ...input });
  });
  return withContract({ ...contract, permission: "public" }, route);
}

/**
 * A route handler without a credential and without a contract of its own: the error mapping and the
 * path's checks only; it reads its own input. For a branch of another route, which that route's
 * contract describes, and for wrappers that read the declared input later (signerRoute, after the
 * ceremony's session).
 */
export function unauthenticatedRoute<P extends Params = Params>(handler: (input: HandlerInput & { params: P }) => Promise<HandlerResult>) {
  return logRequests(async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const params = (await paramsOf(context)) as P;
      assertServedPath(request, params);
      assertStorableAddress(request, params);
      const db = await getDb();
      return toResponse(await handler({ request, params, db }));
    } catch (error) {
      return failure(error, request);
    }
  });
}

// A route without dynamic segments gets no params from Next.js (undefined, not {}).
async function paramsOf(context: RouteContext): Promise<Params> {
  return (await context?.params) ?? {};
}
