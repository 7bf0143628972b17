import { describe, expect, it } from "vitest";
import type { CeremonyApproval, CeremonyDocument, CeremonyField } from "./ceremony-requests";
import { blockingTargets, chooseRadio, emptyFill, fieldKey, fillTargets, isTargetFilled, nextTarget, signingRequest, valueProblem, type DocumentFill, type FillTarget } from "./document-filling";

function field(id: string, members: Partial<CeremonyField> = {}): CeremonyField {
  return { id, name: "", type: "INPUT", subtype: "TEXTFIELD", page: 0, top: 0, left: 0, width: 100, height: 20, value: "", binding: null, validation: null, ...members };
}

const signature = (id: string, members: Partial<CeremonyField> = {}) => field(id, { type: "SIGNATURE", subtype: "FULLNAME", width: 200, height: 50, ...members });
const radio = (id: string, group: string, members: Partial<CeremonyField> = {}, required = false) =>
  field(id, { subtype: "RADIO", ...members, validation: { group, ...(required ? { required: true } : {}) } });

function approval(id: string, fields: CeremonyField[], members: Partial<CeremonyApproval> = {}): CeremonyApproval {
  return { id, roleId: "Signer", mine: true, optional: false, disabled: false, enforceCaptureSignature: false, signed: null, fields, ...members };
}

function ceremonyDocument(approvals: CeremonyApproval[]): CeremonyDocument {
  return { id: "doc1", name: "Lease", index: 0, pages: [{ index: 0, width: 612, height: 792 }], open: true, done: false, approvals };
}

const fillWith = (values: Record<string, string>, signatures: DocumentFill["signatures"] = {}): DocumentFill => ({ signatures, values });
const keys = (targets: FillTarget[]) => targets.map((target) => target.key);
const targetOf = (document: CeremonyDocument, key: string) => fillTargets(document).find((target) => target.key === key)!;

describe("fillTargets", () => {
  it("orders the targets by page, then top, then left, across approvals", () => {
    const document = ceremonyDocument([
      approval("a", [field("lower", { page: 0, top: 300, left: 200 }), field("next-page", { page: 1, top: 10, left: 10 }), field("lower-left", { page: 0, top: 300, left: 50 })]),
      approval("b", [signature("sig", { page: 0, top: 100, left: 400 }), field("next-page-top", { page: 1, top: 5, left: 300 })]),
    ]);
    expect(keys(fillTargets(document))).toEqual(["b/sig", "a/lower-left", "a/lower", "b/next-page-top", "a/next-page"]);
  });

  it("leaves out an approval the sender disabled: nothing to fill, nothing sent to sign", () => {
    const document = ceremonyDocument([approval("on", [signature("sig")]), approval("off", [signature("sig2"), field("text")], { disabled: true })]);
    expect(keys(fillTargets(document))).toEqual(["on/sig"]);
    expect(signingRequest(document, fillWith({}, { on: { text: "Ada" }, off: { text: "Ada" } })).approvals.map((item) => item.id)).toEqual(["on"]);
  });

  it("takes signatures and the inputs the signer fills, of the signer's own unsigned approvals only", () => {
    const document = ceremonyDocument([
      approval("mine", [
        signature("sig"),
        field("text"),
        field("list", { subtype: "LIST" }),
        field("check", { subtype: "CHECKBOX" }),
        radio("yes", "answer"),
        field("label", { subtype: "LABEL", value: "Terms" }),
        field("date", { subtype: "DATE" }),
        field("code", { subtype: "QRCODE" }),
        field("signed-on", { subtype: "TEXTFIELD", binding: "{approval.signed}" }),
        field("name", { subtype: "TEXTFIELD", binding: "{signer.name}" }),
        field("company", { subtype: "TEXTFIELD", binding: "{signer.company}" }),
      ]),
      approval("theirs", [signature("sig"), field("text")], { roleId: "Other", mine: false }),
      approval("done", [signature("sig"), field("text")], { signed: "2025-01-01T00:00:00Z" }),
    ]);
    const targets = fillTargets(document);
    expect(keys(targets)).toEqual(["mine/sig", "mine/text", "mine/list", "mine/check", "mine/yes"]);
    expect(targets.map((target) => target.kind)).toEqual(["signature", "input", "input", "input", "input"]);
  });

  it("marks the signature of a required approval, required inputs, and every button of a required radio group as required", () => {
    const document = ceremonyDocument([
      approval("required", [
        signature("sig", { top: 1 }),
        field("must", { top: 2, validation: { required: true } }),
        field("may", { top: 3, validation: { maxLength: 5 } }),
        radio("yes", "answer", { top: 4 }, true),
        radio("no", "answer", { top: 5 }),
        radio("left", "side", { top: 6 }),
      ]),
      // The same group name on another approval is another group.
      approval("optional", [signature("sig", { top: 7 }), radio("maybe", "answer", { top: 8 })], { optional: true }),
    ]);
    expect(fillTargets(document).map((target) => [target.key, target.required])).toEqual([
      ["required/sig", true],
      ["required/must", true],
      ["required/may", false],
      ["required/yes", true],
      ["required/no", true],
      ["required/left", false],
      ["optional/sig", false],
      ["optional/maybe", false],
    ]);
  });
});

describe("isTargetFilled", () => {
  const document = ceremonyDocument([
    approval("a", [
      signature("sig", { top: 1 }),
      field("text", { top: 2 }),
      field("check", { top: 3, subtype: "CHECKBOX" }),
      field("preset", { top: 4, subtype: "CHECKBOX", value: "X" }),
      radio("yes", "answer", { top: 5 }, true),
      radio("no", "answer", { top: 6 }),
      radio("left", "side", { top: 7 }),
    ]),
  ]);
  const filled = (fill: DocumentFill, key: string) => isTargetFilled(fill, targetOf(document, key));

  it("counts a signature once the approval has one", () => {
    expect(filled(emptyFill(), "a/sig")).toBe(false);
    expect(filled(fillWith({}, { a: { text: "Tia Tenant" } }), "a/sig")).toBe(true);
    expect(filled(fillWith({}, { a: { image: "data:image/png;base64,AAAA" } }), "a/sig")).toBe(true);
  });

  it("counts text only when it is more than blanks", () => {
    expect(filled(fillWith({ "a/text": "   " }), "a/text")).toBe(false);
    expect(filled(fillWith({ "a/text": "Flat B" }), "a/text")).toBe(true);
  });

  it("counts a check box only when checked, the signer's value before the field's own", () => {
    expect(filled(emptyFill(), "a/check")).toBe(false);
    expect(filled(fillWith({ "a/check": "false" }), "a/check")).toBe(false);
    expect(filled(fillWith({ "a/check": "true" }), "a/check")).toBe(true);
    expect(filled(emptyFill(), "a/preset")).toBe(true);
    expect(filled(fillWith({ "a/preset": "false" }), "a/preset")).toBe(false);
  });

  it("counts every button of a radio group once any of its buttons is chosen, and no other group", () => {
    expect(filled(emptyFill(), "a/yes")).toBe(false);
    const chosen = fillWith({ "a/no": "X" });
    expect(filled(chosen, "a/yes")).toBe(true);
    expect(filled(chosen, "a/no")).toBe(true);
    expect(filled(chosen, "a/left")).toBe(false);
    expect(filled(fillWith({ "a/no": "false" }), "a/yes")).toBe(false);
  });
});

describe("valueProblem", () => {
  const document = ceremonyDocument([
    approval("a", [
      signature("sig", { top: 1 }),
      field("note", { top: 2, validation: { maxLength: 5 } }),
      field("floor", { top: 3, subtype: "LIST", validation: { enum: ["1", "2"] } }),
    ]),
  ]);
  const problem = (fill: DocumentFill, key: string) => valueProblem(fill, targetOf(document, key));

  it("says what the service would refuse: too long, not one of the options", () => {
    expect(problem(fillWith({ "a/note": "Flat B2" }), "a/note")).toBe("must be at most 5 characters");
    expect(problem(fillWith({ "a/note": "Flat" }), "a/note")).toBeNull();
    expect(problem(fillWith({ "a/floor": "7" }), "a/floor")).toBe('must be one of "1", "2"');
    expect(problem(fillWith({ "a/floor": "2" }), "a/floor")).toBeNull();
  });

  it("has nothing to say about empty values or signatures", () => {
    expect(problem(emptyFill(), "a/floor")).toBeNull();
    expect(problem(fillWith({}, { a: { text: "x".repeat(300) } }), "a/sig")).toBeNull();
  });
});

describe("blockingTargets", () => {
  const document = ceremonyDocument([
    approval("a", [
      signature("sig", { top: 1 }),
      field("floor", { top: 2, subtype: "LIST", validation: { required: true, enum: ["1", "2"] } }),
      field("note", { top: 3, validation: { maxLength: 5 } }),
      radio("yes", "answer", { top: 4 }, true),
      radio("no", "answer", { top: 5 }),
    ]),
  ]);

  it("lists the required targets still empty and any value the service refuses; optional empty ones do not block", () => {
    expect(keys(blockingTargets(document, emptyFill()))).toEqual(["a/sig", "a/floor", "a/yes", "a/no"]);
    const partly = fillWith({ "a/floor": "7", "a/note": "far too long", "a/no": "X" }, { a: { text: "Tia" } });
    expect(keys(blockingTargets(document, partly))).toEqual(["a/floor", "a/note"]);
    expect(blockingTargets(document, fillWith({ "a/floor": "1", "a/no": "X" }, { a: { text: "Tia" } }))).toEqual([]);
  });
});

describe("nextTarget", () => {
  const document = ceremonyDocument([
    approval("a", [
      field("first", { top: 1 }),
      field("required", { top: 2, validation: { required: true } }),
      field("optional", { top: 3 }),
      field("last-required", { top: 4, validation: { required: true } }),
    ]),
  ]);
  const next = (fill: DocumentFill, currentKey: string | null) => nextTarget(document, fill, currentKey)?.key ?? null;

  it("goes to the next required target first, after the current one, wrapping around", () => {
    expect(next(emptyFill(), null)).toBe("a/required");
    expect(next(emptyFill(), "a/required")).toBe("a/last-required");
    expect(next(emptyFill(), "a/last-required")).toBe("a/required");
    expect(next(fillWith({ "a/required": "done" }), "a/last-required")).toBe("a/last-required");
  });

  it("then to the optional targets still open, then to nothing", () => {
    const requiredDone = fillWith({ "a/required": "done", "a/last-required": "done" });
    expect(next(requiredDone, "a/first")).toBe("a/optional");
    expect(next(requiredDone, "a/optional")).toBe("a/first");
    expect(next(fillWith({ "a/required": "done", "a/last-required": "done", "a/first": "x", "a/optional": "y" }), "a/first")).toBeNull();
  });

  it("goes back to a filled target whose value the service would refuse", () => {
    const limited = ceremonyDocument([approval("a", [field("note", { top: 1, validation: { maxLength: 2 } }), field("other", { top: 2 })])]);
    expect(nextTarget(limited, fillWith({ "a/note": "too long", "a/other": "ok" }), "a/other")?.key).toBe("a/note");
  });
});

describe("chooseRadio", () => {
  const answerYes = radio("yes", "answer");
  const first = approval("a", [answerYes, radio("no", "answer"), radio("left", "side"), field("text"), radio("alone", "")]);
  const second = approval("b", [radio("yes", "answer"), radio("no", "answer")]);

  it("makes the chosen button X and the other buttons of its group empty, leaving everything else as it is", () => {
    const before = fillWith({ "a/no": "X", "a/left": "X", "a/text": "kept", "b/no": "X" });
    const after = chooseRadio(before, first, answerYes);
    expect(after.values).toEqual({ "a/yes": "X", "a/no": "", "a/left": "X", "a/text": "kept", "b/no": "X" });
    expect(before.values["a/no"]).toBe("X");
  });

  it("chooses a button without a group alone", () => {
    const after = chooseRadio(fillWith({ "a/yes": "X" }), first, first.fields[4]!);
    expect(after.values).toEqual({ "a/yes": "X", "a/alone": "X" });
    expect(chooseRadio(emptyFill(), second, second.fields[1]!).values).toEqual({ "b/yes": "", "b/no": "X" });
  });
});

describe("signingRequest", () => {
  const document = ceremonyDocument([
    approval("required", [signature("sig"), field("note", { value: "preset" }), field("floor", { subtype: "LIST" }), field("label", { subtype: "LABEL" })]),
    approval("optional-signature", [signature("sig"), field("note")], { optional: true }),
    approval("optional-fields", [field("note"), field("extra")], { optional: true }),
    approval("theirs", [signature("sig"), field("note")], { roleId: "Other", mine: false }),
    approval("done", [signature("sig"), field("note")], { signed: "2025-01-01T00:00:00Z" }),
  ]);

  it("always sends the required approvals, and no optional one the signer left alone", () => {
    expect(signingRequest(document, emptyFill())).toEqual({ approvals: [{ id: "required", fields: [] }] });
  });

  it("sends an optional approval with a signature field only when signed, one without only when something was entered", () => {
    const enteredOnly = fillWith({ "optional-signature/note": "typed", "theirs/note": "x", "done/note": "y" });
    expect(signingRequest(document, enteredOnly).approvals.map((item) => item.id)).toEqual(["required"]);

    const signed = fillWith({ "optional-signature/note": "typed" }, { "optional-signature": { text: "Tia" }, theirs: { text: "Not me" } });
    expect(signingRequest(document, signed).approvals).toEqual([
      { id: "required", fields: [] },
      { id: "optional-signature", signature: { text: "Tia" }, fields: [{ id: "note", value: "typed" }] },
    ]);

    expect(signingRequest(document, fillWith({ "optional-fields/extra": "more" })).approvals).toEqual([
      { id: "required", fields: [] },
      { id: "optional-fields", fields: [{ id: "extra", value: "more" }] },
    ]);
  });

  it("sends only the values the signer entered, by each approval's own field ids, and never a label's", () => {
    const fill = fillWith({ "required/floor": "2", "required/label": "changed", "optional-fields/extra": "more" }, { required: { image: "data:image/png;base64,AAAA" } });
    expect(signingRequest(document, fill).approvals).toEqual([
      { id: "required", signature: { image: "data:image/png;base64,AAAA" }, fields: [{ id: "floor", value: "2" }] },
      { id: "optional-fields", fields: [{ id: "extra", value: "more" }] },
    ]);
    expect(fieldKey({ id: "required" }, { id: "floor" })).toBe("required/floor");
  });
});
