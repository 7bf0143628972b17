import { describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/esign/errors";
import { assertServedPath } from "./unserved-paths";

const refusal = (url: string, params: Record<string, string>) => {
  try {
    assertServedPath(new Request(`http://signet.test${url}`, { method: "POST" }), params);
    return null;
  } catch (error) {
    return error instanceof ServiceError ? { status: error.status, messageKey: error.messageKey, message: error.message } : error;
  }
};

describe("assertServedPath", () => {
  it("refuses the original's static name taken as an id, as an unknown path", () => {
    expect(refusal("/api/packages/p1/documents/signConfirm", { packageId: "p1", documentId: "signConfirm" })).toEqual({
      status: 404,
      messageKey: "error.notFound.path",
      message: "POST /api/packages/p1/documents/signConfirm is not part of the API.",
    });
    expect(refusal("/api/packages/p1/documents/signConfirm/", { packageId: "p1", documentId: "signConfirm" })).toMatchObject({ status: 404 });
  });

  it("lets ids through, and a route that serves the original's path itself (no id at that segment), even before the route table knows it", () => {
    expect(refusal("/api/packages/p1/documents/default-consent", { packageId: "p1", documentId: "default-consent" })).toBeNull();
    expect(refusal("/api/packages/visibility/documents/d1", { packageId: "visibility", documentId: "d1" })).toBeNull();
    // As issue 33's documents/signed_documents route would get them: no documentId.
    expect(refusal("/api/packages/p1/documents/signed_documents", { packageId: "p1" })).toBeNull();
    expect(refusal("/api/groups/summary", {})).toBeNull();
  });
});
