/**
 * The rules of who signs what, when, as pure functions (spec 3.3, 3.4 and the field validation
 * of the compat notes), so they are tested without a database.
 */

export interface RoleTurn {
  id: string;
  index: number;
  completed: boolean;
}

/** Spec 3.3: the unfinished roles with the lowest index sign now; same index, in parallel. */
export function rolesWhoseTurnItIs(roles: RoleTurn[]): string[] {
  const waiting = roles.filter((role) => !role.completed);
  if (waiting.length === 0) return [];
  const lowest = Math.min(...waiting.map((role) => role.index));
  return waiting.filter((role) => role.index === lowest).map((role) => role.id);
}

export interface OrderedDocument {
  id: string;
  index: number;
  position: number;
  /** The signer has approvals here and has signed them all (true too when there are none). */
  doneBySigner: boolean;
}

/**
 * Spec 3.4: without indexes (all equal) every document is open; with indexes the signer sees the
 * lowest first and the next only when everything before it is done. Answers the open ids.
 */
export function openDocuments(documents: OrderedDocument[]): Set<string> {
  const ordered = [...documents].sort((a, b) => a.index - b.index || a.position - b.position);
  if (!isOrderEnforced(documents)) return new Set(ordered.map((document) => document.id));
  const open = new Set<string>();
  for (const document of ordered) {
    open.add(document.id);
    if (!document.doneBySigner) break;
  }
  return open;
}

export function isOrderEnforced(documents: { index: number }[]): boolean {
  return new Set(documents.map((document) => document.index)).size > 1;
}

export interface FieldRule {
  subtype: string;
  validation: Record<string, unknown> | null;
}

const CHECKED = new Set(["true", "X", "x", "checked"]);

/** Values of a check box or radio button that mean "not chosen"; anything else non-empty means chosen. */
const UNCHOSEN = new Set(["", "false", "0", "off", "no", "unchecked"]);

/**
 * A check box or radio button is chosen when its value is non-empty and not a "no" word
 * ("false", "0", "off", "no", "unchecked", any case): the ceremony stores "X" (as OneSpan does)
 * and API clients may send "true".
 */
export function isChosen(value: string): boolean {
  return !UNCHOSEN.has(value.trim().toLowerCase());
}

/** Whether a value fills the field: a check box counts only when checked, a radio button only when chosen (as the seal draws it). */
export function isFilled(field: FieldRule, value: string): boolean {
  if (field.subtype === "CHECKBOX") return CHECKED.has(value);
  if (field.subtype === "RADIO") return isChosen(value);
  return value.trim().length > 0;
}

/** The group of a radio button (`validation.group`): the buttons of one group are one choice. Null for anything else. */
export function radioGroupOf(field: FieldRule): string | null {
  const group = field.validation?.group;
  return field.subtype === "RADIO" && typeof group === "string" && group ? group : null;
}

/**
 * Why a value is not acceptable for the field, as a code and its details (the ceremony says it in
 * the signer's language), or null. Required-ness is checked apart. `custom`: the sender's own
 * message for their pattern, shown as they wrote it.
 */
export type FieldValueIssue =
  | { code: "checkbox" }
  | { code: "oneOf"; options: string[] }
  | { code: "maxLength"; max: number }
  | { code: "minLength"; min: number }
  | { code: "format" }
  | { code: "custom"; message: string };

export function fieldValueIssue(field: FieldRule, value: string): FieldValueIssue | null {
  const validation = field.validation ?? {};
  if (value === "") return null;
  if (field.subtype === "CHECKBOX" && !CHECKED.has(value) && value !== "false") return { code: "checkbox" };
  const options = Array.isArray(validation.enum) ? (validation.enum as string[]) : null;
  if ((field.subtype === "LIST" || field.subtype === "RADIO") && options && options.length > 0 && !options.includes(value)) return { code: "oneOf", options };
  if (typeof validation.maxLength === "number" && value.length > validation.maxLength) return { code: "maxLength", max: validation.maxLength };
  if (typeof validation.minLength === "number" && value.length < validation.minLength) return { code: "minLength", min: validation.minLength };
  if (typeof validation.pattern === "string" && validation.pattern) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(`^(?:${validation.pattern})$`, "u");
    } catch {
      pattern = null; // a pattern JavaScript cannot read is not held against the signer
    }
    if (pattern && !pattern.test(value)) return typeof validation.errorMessage === "string" && validation.errorMessage ? { code: "custom", message: validation.errorMessage } : { code: "format" };
  }
  return null;
}

/** The quoted options of a list, as the service's messages name them. */
export function quotedOptions(options: string[]): string {
  return options.map((option) => `"${option}"`).join(", ");
}

/** The reason a value is not acceptable for the field, in English (the service's error messages), or null. */
export function fieldValueProblem(field: FieldRule, value: string): string | null {
  const issue = fieldValueIssue(field, value);
  if (!issue) return null;
  switch (issue.code) {
    case "checkbox":
      return "must be checked (true) or not (false)";
    case "oneOf":
      return `must be one of ${quotedOptions(issue.options)}`;
    case "maxLength":
      return `must be at most ${issue.max} characters`;
    case "minLength":
      return `must be at least ${issue.min} characters`;
    case "format":
      return "has the wrong format";
    case "custom":
      return issue.message;
  }
}
