/**
 * Text tags: `{{<flag>esl[_<fieldName>]:<roleIdOrName>:<type>[:<params>]}}` (compat-notes.md).
 * Pure functions: finding tags in a line of text, and parsing one tag.
 */

export const TEXT_TAG_TYPES = [
  "signature",
  "initials",
  "capture",
  "textfield",
  "textarea",
  "checkbox",
  "radio",
  "list",
  "label",
  "signername",
  "signertitle",
  "signercompany",
  "signingdate",
] as const;
export type TextTagType = (typeof TEXT_TAG_TYPES)[number];

export interface TextTag {
  /** The tag as written, braces included. */
  text: string;
  /** `*` flag; `?` or no flag is optional. */
  required: boolean;
  fieldName?: string;
  /** A role id or name, as written. */
  role: string;
  /** Lower case. */
  type: TextTagType;
  size?: { width: number; height: number };
  offset?: { x: number; y: number };
  maxLength?: number;
  value?: string;
  group?: string;
  options?: string[];
}

/** Where a tag sits in a line: `line.slice(start, end) === text`. */
export interface TextTagLocation {
  text: string;
  start: number;
  end: number;
}

export class TextTagSyntaxError extends Error {
  constructor(
    readonly tag: string,
    readonly reason: string,
  ) {
    super(`Text tag "${tag}" is invalid: ${reason}`);
    this.name = "TextTagSyntaxError";
  }
}

// `{{`, optional spaces and flag, then `esl`: the start of a tag (anything else in braces is text).
const TAG_START = /\{\{\s*[*?]?\s*esl(?=[_:])/gi;
// Word processors often turn straight quotes into curly ones, so all three are accepted.
const QUOTES = '"“”';
const TAG_SHAPE = /^\{\{\s*([*?]?)\s*esl(?:_([^:{}]+))?:([^:{}]+):([^:{}]*?)(?::([^{}]*))?\}\}$/i;

/** Every tag in a line of text, in order. A tag left open on its line is an error. */
export function findTextTags(line: string): TextTagLocation[] {
  const found: TextTagLocation[] = [];
  for (const match of line.matchAll(TAG_START)) {
    const start = match.index;
    if (found.length > 0 && start < found[found.length - 1].end) continue;
    const close = line.indexOf("}}", start + match[0].length);
    if (close < 0) throw new TextTagSyntaxError(line.slice(start), "it is not closed with }} on its line, or runs off the page");
    const end = close + 2;
    found.push({ text: line.slice(start, end), start, end });
  }
  return found;
}

export function parseTextTag(text: string): TextTag {
  const shape = TAG_SHAPE.exec(text);
  if (!shape) throw new TextTagSyntaxError(text, "expected {{esl[_fieldName]:role:type[:params]}}");
  const [, flag, fieldName, role, typeText, paramsText] = shape;
  const type = typeText.trim().toLowerCase() as TextTagType;
  if (!TEXT_TAG_TYPES.includes(type)) {
    throw new TextTagSyntaxError(text, `unknown type "${typeText}"; expected one of ${TEXT_TAG_TYPES.join(", ")}`);
  }
  if (!role.trim()) throw new TextTagSyntaxError(text, "the role is empty");
  const tag: TextTag = { text, required: flag === "*", role: role.trim(), type };
  if (fieldName?.trim()) tag.fieldName = fieldName.trim();
  if (paramsText !== undefined) applyParams(tag, paramsText);
  return tag;
}

function applyParams(tag: TextTag, paramsText: string): void {
  const seen = new Set<string>();
  for (const { name, args } of splitParams(tag.text, paramsText)) {
    if (seen.has(name)) throw new TextTagSyntaxError(tag.text, `${name}(...) is given twice`);
    seen.add(name);
    const fail = (expected: string) => new TextTagSyntaxError(tag.text, `${name}(${args.join(",")}) should be ${expected}`);
    switch (name) {
      case "size": {
        const size = numbers(args, 2);
        if (!size || !(size[0] > 0 && size[1] > 0)) throw fail("size(width,height) with two positive numbers");
        tag.size = { width: size[0], height: size[1] };
        break;
      }
      case "offset": {
        const offset = numbers(args, 2);
        if (!offset) throw fail("offset(x,y) with two numbers");
        tag.offset = { x: offset[0], y: offset[1] };
        break;
      }
      case "maxlen": {
        const maxLength = numbers(args, 1)?.[0];
        if (maxLength === undefined || !Number.isInteger(maxLength) || maxLength < 0) throw fail("maxlen(n) with a whole number");
        tag.maxLength = maxLength;
        break;
      }
      case "value":
      case "group": {
        const strings = quotedStrings(args);
        if (strings?.length !== 1) throw fail(`${name}("text") with one quoted string`);
        tag[name] = strings[0];
        break;
      }
      case "options": {
        const strings = quotedStrings(args);
        if (!strings?.length) throw fail('options("a","b",...) with quoted strings');
        tag.options = strings;
        break;
      }
      default:
        throw new TextTagSyntaxError(tag.text, `unknown parameter "${name}"; expected size, offset, maxlen, value, group or options`);
    }
  }
}

/** `size(10,20), value("a,b")` → [{name: "size", args: ["10", "20"]}, {name: "value", args: ['"a,b"']}]. */
function splitParams(tagText: string, paramsText: string): { name: string; args: string[] }[] {
  const params: { name: string; args: string[] }[] = [];
  const PARAM = /\s*([A-Za-z]+)\(((?:[^()"“”]|["“”][^"“”]*["“”])*)\)\s*(,|$)/y;
  let position = 0;
  while (position < paramsText.length) {
    PARAM.lastIndex = position;
    const match = PARAM.exec(paramsText);
    if (!match) {
      throw new TextTagSyntaxError(tagText, `cannot read the parameters at "${paramsText.slice(position)}"; expected name(values) separated by commas`);
    }
    params.push({ name: match[1].toLowerCase(), args: splitArgs(match[2]) });
    position = match.index + match[0].length;
    if (match[3] === "," && position === paramsText.length) throw new TextTagSyntaxError(tagText, "a parameter is missing after the last comma");
  }
  return params;
}

function splitArgs(argsText: string): string[] {
  if (argsText.trim() === "") return [];
  const args: string[] = [];
  let current = "";
  let inQuotes = false;
  for (const char of argsText) {
    if (QUOTES.includes(char)) inQuotes = !inQuotes;
    if (char === "," && !inQuotes) {
      args.push(current.trim());
      current = "";
    } else {
      current += char;
    }
  }
  args.push(current.trim());
  return args;
}

function numbers(args: string[], count: number): number[] | undefined {
  if (args.length !== count || !args.every((arg) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test(arg))) return undefined;
  return args.map(Number);
}

function quotedStrings(args: string[]): string[] | undefined {
  if (!args.every((arg) => /^["“”][^"“”]*["“”]$/.test(arg))) return undefined;
  return args.map((arg) => arg.slice(1, -1));
}
