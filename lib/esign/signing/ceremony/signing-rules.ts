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

/** The reason a value is not acceptable for the field, or null. Required-ness is checked apart. */
export function fieldValueProblem(field: FieldRule, value: string): string | null {
  const validation = field.validation ?? {};
  if (value === "") return null;
  if (field.subtype === "CHECKBOX" && !CHECKED.has(value) && value !== "false") return "must be checked (true) or not (false)";
  const options = Array.isArray(validation.enum) ? (validation.enum as string[]) : null;
  if ((field.subtype === "LIST" || field.subtype === "RADIO") && options && options.length > 0 && !options.includes(value)) {
    return `must be one of ${options.map((option) => `"${option}"`).join(", ")}`;
  }
  if (typeof validation.maxLength === "number" && value.length > validation.maxLength) return `must be at most ${validation.maxLength} characters`;
  if (typeof validation.minLength === "number" && value.length < validation.minLength) return `must be at least ${validation.minLength} characters`;
  if (typeof validation.pattern === "string" && validation.pattern) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(`^(?:${validation.pattern})$`, "u");
    } catch {
      pattern = null; // a pattern JavaScript cannot read is not held against the signer
    }
    if (pattern && !pattern.test(value)) return typeof validation.errorMessage === "string" && validation.errorMessage ? validation.errorMessage : "has the wrong format";
  }
  return null;
}
