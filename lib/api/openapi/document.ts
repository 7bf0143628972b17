import { z } from "zod";
import { errorResponse, type Operation } from "./operation";
import {
  accountRoleOperations,
  auditOperations,
  callbackAndTokenOperations,
  callbackDeliveryOperations,
  groupOperations,
  outboxOperations,
  senderOperations,
  subAccountOperations,
  verificationOperations,
} from "./account-operations";
import { accountSettingsOperations } from "./account-settings-operations";
import { customFieldOperations } from "./custom-field-operations";
import { supportingDocumentOperations } from "./supporting-document-operations";
import { attachmentOperations, signerAttachmentOperations } from "./attachment-operations";
import { packageOperations } from "./package-operations";
import { signingCeremonyOperations } from "./signing-ceremony-operations";
import { fastTrackOperations } from "./fast-track-operations";
import { layoutOperations } from "./layout-operations";
import { signingHostingOperations } from "./signing-hosting-operations";
import { signingVerificationOperations } from "./signing-verification-operations";
import { healthOperations } from "./health-operations";

/** Every operation of the API, in the order the reference shows them. */
export function allOperations(): Operation[] {
  return [
    ...packageOperations,
    ...attachmentOperations,
    ...senderOperations,
    ...accountRoleOperations,
    ...groupOperations,
    ...subAccountOperations,
    ...verificationOperations,
    ...callbackAndTokenOperations,
    ...callbackDeliveryOperations,
    ...auditOperations,
    ...outboxOperations,
    ...accountSettingsOperations,
    ...customFieldOperations,
    ...supportingDocumentOperations,
    ...signingCeremonyOperations,
    ...signerAttachmentOperations,
    ...signingHostingOperations,
    ...fastTrackOperations,
    ...layoutOperations,
    ...signingVerificationOperations,
    ...healthOperations,
    describeItself,
  ];
}

const describeItself: Operation = {
  method: "get",
  path: "/api/openapi.json",
  tag: "API description",
  summary: "This document (OpenAPI 3.1); a readable reference is at /docs/api",
  permission: "public",
  responses: { 200: { description: "The OpenAPI document", contentType: "application/json" } },
};

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

/** The OpenAPI 3.1 document of the whole API, generated from the operations' zod schemas. */
export function openApiDocument(operations: Operation[] = allOperations()) {
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
      schemas: { Error: jsonSchema(errorResponse, "output") },
    },
  };
}
