import { badRequest } from "@/lib/esign/errors";

/** Paging and searching shared by every list of the API (compat notes: "Lists", "Paging"). */

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `from`/`to` are 1-based and inclusive; pages are at most 100 long. */
export function pageWindow(from: number, to: number | undefined): { offset: number; limit: number } {
  const last = to ?? from + DEFAULT_PAGE_SIZE - 1;
  if (last < from) throw badRequest("error.validation.paging", `"to" (${last}) must not be smaller than "from" (${from}).`);
  return { offset: from - 1, limit: Math.min(last - from + 1, MAX_PAGE_SIZE) };
}

/** A `search` text as an ILIKE pattern matching it anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
