import { describe, expect, it } from "vitest";
import type { WirePackage } from "@/lib/api/packages";
import { approvalOfRole, newClientId, wireFieldOf, withFieldAdded, withFieldChanged, withFieldRemoved } from "./package-fields";

const field = (id: string) => wireFieldOf({ id, type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 10, top: 10, width: 180, height: 40 });

function pkgWith(approvals: WirePackage["documents"][number]["approvals"]): WirePackage {
  const document = { id: "doc1", name: "Contract", description: "", index: 1, size: 1, extract: false, extractionTypes: [], pages: [], approvals, fields: [], data: {} };
  return { id: "p1", documents: [document] } as unknown as WirePackage;
}

const approval = (id: string, role: string, fieldIds: string[]) => ({ id, role, name: "", optional: false, enforceCaptureSignature: false, disabled: false, fields: fieldIds.map(field), data: {} });

describe("the package in the cache, changed as the service will", () => {
  it("adds a role's first field in a new approval, and later ones into it", () => {
    const once = withFieldAdded(pkgWith([]), "doc1", { id: "a1", role: "Ada" }, field("f1"));
    expect(once.documents[0]!.approvals).toMatchObject([{ id: "a1", role: "Ada", fields: [{ id: "f1" }] }]);
    const twice = withFieldAdded(once, "doc1", { id: "a1", role: "Ada" }, field("f2"));
    expect(twice.documents[0]!.approvals[0]!.fields.map((f) => f.id)).toEqual(["f1", "f2"]);
  });

  it("gives each signature field an approval of its own, and puts other fields into the role's first", () => {
    const input = wireFieldOf({ id: "t1", type: "INPUT", subtype: "TEXTFIELD", page: 0, left: 10, top: 60, width: 180, height: 20 });
    const signed = pkgWith([approval("a1", "Ada", ["f1"]), approval("g1", "Grace", ["f2"])]);
    expect(approvalOfRole(signed, "doc1", "Ada", field("f3"))).toBeUndefined();
    expect(approvalOfRole(signed, "doc1", "Ada", input)?.id).toBe("a1");
    expect(approvalOfRole(signed, "doc1", "Bob", input)).toBeUndefined();

    const inputsOnly = pkgWith([{ ...approval("a1", "Ada", []), fields: [input] }]);
    expect(approvalOfRole(inputsOnly, "doc1", "Ada", field("f3"))?.id).toBe("a1");
  });

  it("changes one field's members", () => {
    const changed = withFieldChanged(pkgWith([approval("a1", "Ada", ["f1", "f2"])]), { documentId: "doc1", approvalId: "a1", fieldId: "f2" }, { left: 99 });
    expect(changed.documents[0]!.approvals[0]!.fields.map((f) => f.left)).toEqual([10, 99]);
  });

  it("removes a field, and the approval it leaves empty", () => {
    const start = pkgWith([approval("a1", "Ada", ["f1", "f2"]), approval("a2", "Grace", ["f3"])]);
    const fewer = withFieldRemoved(start, { documentId: "doc1", approvalId: "a1", fieldId: "f1" });
    expect(fewer.documents[0]!.approvals.map((a) => [a.id, a.fields.length])).toEqual([["a1", 1], ["a2", 1]]);
    const noGrace = withFieldRemoved(fewer, { documentId: "doc1", approvalId: "a2", fieldId: "f3" });
    expect(noGrace.documents[0]!.approvals.map((a) => a.id)).toEqual(["a1"]);
  });

  it("makes up ids the API accepts", () => {
    expect(newClientId()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(newClientId()).not.toBe(newClientId());
  });
});
