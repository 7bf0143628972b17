import { describe, expect, it } from "vitest";
import { fieldValueProblem, isFilled, openDocuments, radioGroupOf, rolesWhoseTurnItIs } from "./signing-rules";

describe("rolesWhoseTurnItIs (spec 3.3)", () => {
  it("lets the lowest unfinished index sign, same index in parallel", () => {
    const roles = [
      { id: "a", index: 1, completed: false },
      { id: "b", index: 1, completed: false },
      { id: "c", index: 2, completed: false },
    ];
    expect(rolesWhoseTurnItIs(roles)).toEqual(["a", "b"]);
    expect(rolesWhoseTurnItIs(roles.map((role) => (role.id === "a" ? { ...role, completed: true } : role)))).toEqual(["b"]);
    expect(rolesWhoseTurnItIs(roles.map((role) => (role.index === 1 ? { ...role, completed: true } : role)))).toEqual(["c"]);
    expect(rolesWhoseTurnItIs(roles.map((role) => ({ ...role, completed: true })))).toEqual([]);
  });
});

describe("openDocuments (spec 3.4)", () => {
  const doc = (id: string, index: number, position: number, doneBySigner = false) => ({ id, index, position, doneBySigner });
  it("opens everything when no order is set", () => {
    expect([...openDocuments([doc("a", 0, 0), doc("b", 0, 1)])]).toEqual(["a", "b"]);
  });
  it("opens the lowest index first, the next once it is done", () => {
    expect([...openDocuments([doc("late", 2, 0), doc("early", 1, 1)])]).toEqual(["early"]);
    expect([...openDocuments([doc("late", 2, 0), doc("early", 1, 1, true)])]).toEqual(["early", "late"]);
  });
});

describe("field values", () => {
  it("checks options, lengths and patterns", () => {
    expect(fieldValueProblem({ subtype: "LIST", validation: { enum: ["a", "b"] } }, "c")).toBe('must be one of "a", "b"');
    expect(fieldValueProblem({ subtype: "LIST", validation: { enum: ["a", "b"] } }, "a")).toBeNull();
    expect(fieldValueProblem({ subtype: "TEXTFIELD", validation: { maxLength: 3 } }, "abcd")).toBe("must be at most 3 characters");
    expect(fieldValueProblem({ subtype: "TEXTFIELD", validation: { pattern: "[0-9]+", errorMessage: "digits only" } }, "12a")).toBe("digits only");
    expect(fieldValueProblem({ subtype: "CHECKBOX", validation: null }, "maybe")).toMatch(/checked/);
  });
  it("counts a check box as filled only when checked", () => {
    expect(isFilled({ subtype: "CHECKBOX", validation: null }, "false")).toBe(false);
    expect(isFilled({ subtype: "CHECKBOX", validation: null }, "true")).toBe(true);
    expect(isFilled({ subtype: "TEXTFIELD", validation: null }, "  ")).toBe(false);
  });
  it("counts a radio button as filled only when chosen", () => {
    const button = { subtype: "RADIO", validation: { group: "answer" } };
    expect(isFilled(button, "X")).toBe(true);
    expect(isFilled(button, "yes")).toBe(true);
    expect(isFilled(button, "")).toBe(false);
    expect(isFilled(button, " ")).toBe(false);
    expect(isFilled(button, "false")).toBe(false);
  });
  it("finds a radio button's group, and none for anything else", () => {
    expect(radioGroupOf({ subtype: "RADIO", validation: { group: "answer", required: true } })).toBe("answer");
    expect(radioGroupOf({ subtype: "RADIO", validation: { group: "" } })).toBeNull();
    expect(radioGroupOf({ subtype: "RADIO", validation: { group: 7 } })).toBeNull();
    expect(radioGroupOf({ subtype: "RADIO", validation: null })).toBeNull();
    expect(radioGroupOf({ subtype: "CHECKBOX", validation: { group: "answer" } })).toBeNull();
  });
});
