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

/** Whether a value fills the field: a check box counts only when checked. */
export function isFilled(field: FieldRule, value: string): boolean {
  if (field.subtype === "CHECKBOX") return CHECKED.has(value);
  return value.trim().length > 0;
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
