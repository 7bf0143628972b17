import { z } from "zod";
import { API_ROUTES } from "@/lib/api/route-table.generated";
import { contractOf, errorBody, isNotAnOperation, type Operation } from "./operation";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The reference's sections, in the order it shows them; a tag not listed here comes after them. */
const TAG_ORDER = [
  "Accounts",
  "Packages",
  "Roles",
  "Documents",
  "Approvals and fields",
  "Reminders",
  "Downloads",
  "Signing",
  "Signer attachments",
  "Senders",
  "Account roles",
  "Groups",
  "Sub accounts",
  "Signer verification",
  "Callbacks",
  "Access tokens",
  "Audit trail",
  "E-mail outbox",
  "Account settings",
  "Custom fields",
  "Supporting documents",
  "Signing ceremony",
  "Templates",
  "Layouts",
  "Operations",
  "API description",
];

/**
 * Every operation of the API: the contract each route file's handlers were declared with
 * (`apiRoute(contract, handler)`), at the method of their export and the path of their folder.
 * By section, then by path and method. The catch-all (`/api/[...path]`, the JSON 404) is none.
 */
export async function allOperations(): Promise<Operation[]> {
  const operations: Operation[] = [];
  for (const [pattern, load] of API_ROUTES) {
    if (pattern.includes("[...")) continue;
    const routeModule = await load();
    const path = pattern.replace(/\[(\w+)\]/g, "{$1}");
    for (const method of METHODS) {
      const handler = routeModule[method.toUpperCase()];
      // A method the route does not serve answers its 405 (lib/http/method-not-allowed.ts): no operation.
      if (handler === undefined || isNotAnOperation(handler)) continue;
      const contract = contractOf(handler);
      if (!contract) throw new Error(`${method.toUpperCase()} ${pattern} has no contract: declare it with apiRoute, publicRoute, signerRoute or withContract`);
      operations.push({ method, path, ...contract });
    }
  }
  const section = (tag: string) => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length);
  return operations.sort(
    (a, b) => section(a.tag) - section(b.tag) || a.tag.localeCompare(b.tag) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method),
  );
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  void _ignored;
  return rest;
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } }));
}

function queryParameters(query: z.ZodObject | undefined) {
  if (!query) return [];
  const schema = jsonSchema(query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function requestBody(body: Operation["body"]) {
  if (!body) return undefined;
  const schema = jsonSchema(body.schema, "input");
  const content: Record<string, unknown> = { "application/json": { schema } };
  if (body.multipart) {
    content["multipart/form-data"] = {
      schema: {
        type: "object",
        required: ["payload"],
        properties: {
          payload: { type: "string", contentMediaType: "application/json", contentSchema: schema },
          file: { type: "array", items: { type: "string", contentMediaType: "application/pdf" }, description: "One PDF per document, in order" },
        },
      },
    };
  }
  return { required: true, description: body.description, content };
}

const STANDARD_ERRORS: Record<number, string> = {
  400: "Malformed or invalid input",
  401: "No credential, or a wrong one",
  403: "The caller lacks the permission this operation needs",
  404: "Not found, or not visible to the caller's account",
  409: "The resource's state does not allow this",
  413: "The body or an upload is over the limit",
  422: "A business rule refuses a well-formed request",
};

function responses(operation: Operation) {
  const result: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const contentType = response.contentType ?? "application/json";
    result[status] = response.schema
      ? { description: response.description, content: { [contentType]: { schema: jsonSchema(response.schema, "output") } } }
      : response.contentType
        ? { description: response.description, content: { [contentType]: { schema: { type: "string", format: "binary" } } } }
        : { description: response.description };
  }
  for (const [status, description] of Object.entries(STANDARD_ERRORS)) {
    if (operation.permission === "public" && (status === "401" || status === "403")) continue;
    result[status] ??= { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  return result;
}

/** The OpenAPI 3.1 document of the whole API, generated from the routes' contracts and their zod schemas. */
export async function openApiDocument(operations?: Operation[]) {
  operations ??= await allOperations();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = {
      tags: [operation.tag],
      summary: operation.summary,
      description: operation.description,
      parameters: [...pathParameters(operation.path), ...queryParameters(operation.query)],
      requestBody: requestBody(operation.body),
      responses: responses(operation),
      security: operation.permission === "public" ? [] : [{ apiKey: [] }, { accessToken: [] }],
      "x-permission": operation.permission === "public" ? undefined : (operation.permission ?? "any authenticated caller"),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Signet e-signature API",
      version: "1.0.0",
      description:
        "Wire-compatible with OneSpan Sign's REST API. Errors are JSON; lists are {results, count} with 1-based inclusive from/to; dates are UTC ending in Z; responses never carry null.",
    },
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "Authorization", description: "`Basic <apiKey>`: the key as is, not base64 of user:password" },
        accessToken: { type: "http", scheme: "bearer", description: "A token from POST /apitoken/clientApp/accessToken" },
      },
      schemas: { Error: jsonSchema(errorBody, "output") },
    },
  };
}
