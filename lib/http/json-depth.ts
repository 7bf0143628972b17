/**
 * How deep a request's JSON may nest objects and arrays. The deepest payload of the API (a
 * package's documents, approvals, fields and their validation) is under 10 levels; a value
 * thousands of levels deep only serves to exhaust the stack of whatever walks it.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Where the string opened by the quote at `open` ends: its closing quote (one not escaped), or -1. */
function stringEnd(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/**
 * Whether JSON text nests objects and arrays deeper than `limit`: one pass over the text counting
 * brackets outside strings, with no parsing and no recursion, so it costs linear time and no stack
 * however hostile the text. Strings are skipped with indexOf (a 10 MB base64 document is one).
 * Malformed text is not judged here: JSON.parse refuses it next.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
      if (i === -1) return false;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
