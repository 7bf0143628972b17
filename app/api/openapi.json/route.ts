import { openApiDocument } from "@/lib/api/openapi/document";
import { json } from "@/lib/http/responses";

/** The OpenAPI 3.1 document of the whole API; public, like any API reference. */
export function GET(): Response {
  return json(openApiDocument());
}
