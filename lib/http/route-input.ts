import type { z } from "zod";
import type { RouteContract } from "@/lib/api/openapi/operation";
import { parseWith } from "@/lib/api/parse";
import { readJson } from "./request-body";

/** The contract's part that says what a request carries. */
type InputContract = Pick<RouteContract, "params" | "query" | "queryReadByHandler" | "body">;

type ParamsOf<C> = C extends { params: readonly (infer Name extends string)[] } ? Record<Name, string> : Record<never, string>;
type QueryOf<C> = C extends { queryReadByHandler: true }
  ? { query?: never }
  : C extends { query: infer Query extends z.ZodType }
    ? { query: z.output<Query> }
    : { query?: never };
type BodyOf<C> = C extends { body: { multipart: true } | { readByHandler: true } }
  ? { body?: never }
  : C extends { body: { schema: infer Schema extends z.ZodType } }
    ? { body: z.output<Schema> }
    : { body?: never };

/**
 * What a handler receives of its request, typed from its contract: the path's `params`, and the
 * `query` and JSON `body` the contract declares, parsed. A contract without them gives no such field.
 */
export type DeclaredInput<C> = { params: ParamsOf<C> } & ParsedInput<C>;
type ParsedInput<C> = QueryOf<C> & BodyOf<C>;

/**
 * The JSON body and query the contract declares, parsed with its schemas: the body (size and nesting
 * limits, storable text: lib/http/request-body.ts), then the query from the URL's search parameters.
 * A bad one is a 400 `error.validation.invalidBody` naming what is wrong and where.
 */
export async function parseDeclaredInput<C extends InputContract>(contract: C, request: Request): Promise<ParsedInput<C>> {
  const input: { query?: unknown; body?: unknown } = {};
  if (contract.body && !contract.body.multipart && !contract.body.readByHandler) input.body = parseWith(contract.body.schema, await readJson(request), contract.body.nameInErrors);
  if (contract.query && !contract.queryReadByHandler) input.query = parseWith(contract.query, Object.fromEntries(new URL(request.url).searchParams), "query");
  return input as ParsedInput<C>;
}
