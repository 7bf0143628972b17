import { openApiDocument } from "@/lib/api/openapi/document";
import { withContract } from "@/lib/api/openapi/operation";
import { json } from "@/lib/http/responses";

/** The OpenAPI 3.1 document of the whole API; public, like any API reference. */
export const GET = withContract(
  {
    tag: "API description",
    summary: "This document (OpenAPI 3.1); a readable reference is at /docs/api",
    permission: "public",
    responses: { 200: { description: "The OpenAPI document", contentType: "application/json" } },
  },
  async (): Promise<Response> => json(await openApiDocument()),
);

export * from "@/lib/http/method-not-allowed";
