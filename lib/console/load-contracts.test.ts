import { describe, expect, it } from "vitest";
import { refusalOf } from "./api-client";
import { contractResolver } from "./contract-resolver";
import { loadContracts } from "./load-contracts";

const resolverOptions = { shouldUseNativeValidation: false, fields: {} } as const;

describe("the contracts loaded on first use", () => {
  it("loads once and hands every caller the same module", async () => {
    const [first, second] = await Promise.all([loadContracts(), loadContracts()]);
    expect(first).toBe(second);
    expect(first.packageResponse).toBeDefined();
  });

  it("checks a form with the schema built from them: the request schema's output on success, its messages on failure", async () => {
    const resolver = contractResolver((c) => c.senderInvite.pick({ email: true, firstName: true }));
    const accepted = await resolver({ email: "ada@example.test", firstName: "  Ada " }, undefined, resolverOptions);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toMatchObject({ email: "ada@example.test", firstName: "Ada" });

    const refused = await resolver({ email: "not an address", firstName: "Ada" }, undefined, resolverOptions);
    expect(refused.values).toEqual({});
    expect(refused.errors.email?.message).toBe("must be an e-mail address");
  });
});

describe("a refusal's error", () => {
  it("carries the service's message and key, or the caller's fallback when the body says nothing", () => {
    const refusal = refusalOf(409, { message: "The package was sent meanwhile.", messageKey: "error.conflict.sent" }, "The upload failed (HTTP 409).");
    expect([refusal.status, refusal.messageKey, refusal.message]).toEqual([409, "error.conflict.sent", "The package was sent meanwhile."]);
    const silent = refusalOf(413, "<html>Too large</html>", "The upload failed (HTTP 413).");
    expect([silent.status, silent.messageKey, silent.message]).toEqual([413, "error", "The upload failed (HTTP 413)."]);
  });
});
