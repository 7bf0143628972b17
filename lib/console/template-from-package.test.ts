import { describe, expect, it } from "vitest";
import type { WireRole } from "@/lib/api/packages";
import { templateFromPackage, templateName } from "./template-from-package";

const role = (id: string, type: string) => ({ id, name: `${id} role`, type, signers: [{ email: `${id}@example.test` }] }) as unknown as WireRole;

describe("Save as template's clone body", () => {
  it("gives every signer's role with no signers, and leaves the sender's role out", () => {
    const request = templateFromPackage({ name: "Lease", roles: [role("Owner", "SENDER"), role("Tenant", "SIGNER"), role("Guarantor", "SIGNER")] });
    expect(request).toEqual({
      name: "Lease (template)",
      type: "TEMPLATE",
      roles: [
        { id: "Tenant", signers: [] },
        { id: "Guarantor", signers: [] },
      ],
    });
  });

  it("keeps the name within 256 characters", () => {
    expect(templateName("x".repeat(300))).toHaveLength(256);
    expect(templateName("x".repeat(300))).toMatch(/x \(template\)$/);
  });
});
