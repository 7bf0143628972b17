import { z } from "zod";
import type { Permission } from "@/lib/esign/permissions";

/**
 * One operation of the API as the OpenAPI document describes it, with the zod schemas the route
 * handler itself validates with. Each area lists its operations beside its wire contract; the
 * document is generated from these lists, and a test checks they match the route files.
 */
export interface Operation {
  method: "get" | "post" | "put" | "delete" | "patch";
  /** OpenAPI path with `{param}` segments, exactly the route's path. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** The permission the route declares; null: any authenticated caller; "public": no credential. */
  permission: Permission | null | "public";
  query?: z.ZodObject;
  body?: { schema: z.ZodType; multipart?: boolean; description?: string };
  responses: Record<number, Response>;
}

export interface Response {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

export const errorResponse = z
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
export const noContent: Response = { description: "No content" };
export const ok = (schema: z.ZodType, description = "OK"): Response => ({ description, schema });

/** How the signing ceremony's own routes are authenticated, for their descriptions. */
export const CEREMONY_AUTHENTICATION =
  "The signing ceremony's own (our extension): authenticated by the ceremony's session cookie, which `GET /access?sessionToken=` sets; no API key or access token.";
export const noCeremonySession = ok(errorResponse, "No ceremony session for this package, or an expired one");
