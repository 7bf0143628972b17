import { z } from "zod";
import type { Permission } from "@/lib/esign/permissions";

/**
 * What a route declares beside its handler (`apiRoute(contract, handler)`): the permission it
 * checks, its input, and how the OpenAPI document describes it. The route wrapper parses the
 * declared query and JSON body and hands the handler the typed values (lib/http/route-input.ts).
 * The method and path are where the handler is: its export's name and its folder.
 */
export interface RouteContract {
  tag: string;
  summary: string;
  description?: string;
  /** The permission the route checks; null: any authenticated caller; "public": no credential. */
  permission: Permission | null | "public";
  /** The names of the path's dynamic segments (its folder's `[name]`s), as the handler's `params`. */
  params?: readonly string[];
  query?: z.ZodObject;
  /** The handler parses the query itself (on one of its branches only); `query` then only describes it. */
  queryReadByHandler?: boolean;
  /**
   * The body: JSON the wrapper parses with `schema`, named `nameInErrors` in a 400 (`Invalid <name>: …`;
   * default "request body"). A multipart body, or one marked `readByHandler`, is the handler's to read,
   * and `schema` only describes it.
   */
  body?: { schema: z.ZodType; multipart?: boolean; readByHandler?: boolean; description?: string; nameInErrors?: string };
  responses: Record<number, Response>;
}

/** One operation of the API as the OpenAPI document describes it: a route's contract, at its method and path. */
export interface Operation extends RouteContract {
  method: "get" | "post" | "put" | "delete" | "patch";
  /** OpenAPI path with `{param}` segments, exactly the route's path. */
  path: string;
}

const CONTRACT = Symbol("route contract");

/** Attaches its contract to a route handler, where the OpenAPI document reads it (lib/api/openapi/document.ts). */
export function withContract<H extends object>(contract: RouteContract, handler: H): H {
  return Object.assign(handler, { [CONTRACT]: contract });
}

const NOT_AN_OPERATION = Symbol("notAnOperation");

/** Marks a handler that answers for a route without being one of its operations (a method it does not serve: lib/http/method-not-allowed.ts). */
export function notAnOperation<H extends object>(handler: H): H {
  return Object.assign(handler, { [NOT_AN_OPERATION]: true });
}

export function isNotAnOperation(handler: unknown): boolean {
  return typeof handler === "function" && NOT_AN_OPERATION in handler;
}

/** The contract a route handler was declared with, if any. */
export function contractOf(handler: unknown): RouteContract | undefined {
  return typeof handler === "function" ? (handler as { [CONTRACT]?: RouteContract })[CONTRACT] : undefined;
}

export interface Response {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

export const errorBody = z
  .object({
    code: z.number().int().describe("The HTTP status"),
    name: z.string().describe("Its reason phrase"),
    message: z.string().describe("What went wrong, for people"),
    messageKey: z.string().describe("A stable dotted key clients can switch on"),
    technical: z.string().optional(),
    entity: z.record(z.string(), z.unknown()).optional(),
  })
  .describe("Every error of the API");

/** `{results, count}` where count is the number of all matches, not the page size. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int() });
}

export const pdf: Response = { description: "The PDF", contentType: "application/pdf" };
export const noBody: Response = { description: "No content" };
export const ok = (schema: z.ZodType, description = "OK"): Response => ({ description, schema });

/** How the signing ceremony's own routes are authenticated, for their descriptions. */
export const CEREMONY_AUTHENTICATION =
  "The signing ceremony's own (our extension): authenticated by the ceremony's session cookie, which `GET /access?sessionToken=` sets; no API key or access token.";
export const noCeremonySession = ok(errorBody, "No ceremony session for this package, or an expired one");

/** How the ceremony's routes that a hosting sender may also enter are authenticated, for their descriptions. */
export const CEREMONY_HOSTING_AUTHENTICATION =
  "The signing ceremony's own (our extension): authenticated by the ceremony's session cookie, which `GET /access?sessionToken=` (or `?senderAuthenticationToken=`) sets; no API key or access token.";
export const notSent = ok(errorBody, "The package is no longer out for signing, the signer has finished, or another member of the group holds the lock");
export const signerLocked = ok(errorBody, "The signer is locked after too many wrong codes (`error.forbidden.signerLocked`) until the sender unlocks them");

/** What creating something answers: its id. */
export const created = z.object({ id: z.string() });
export const zip: Response = { description: "A zip archive", contentType: "application/zip" };
export const uploadedFile: Response = { description: "The file as uploaded, with the content type it was uploaded with", contentType: "application/octet-stream" };
export const filesPurged = ok(errorBody, "Retention removed the files of the completed package");
export const noSuchCustomField: Response = { description: "No such custom field (how the SDKs ask whether one exists)" };
export const supportingDocument = z.object({ id: z.number().int(), transactionUid: z.string(), documentRefId: z.string(), documentName: z.string(), version: z.number().int(), fileSize: z.number().int() });
