import { badRequest } from "@/lib/esign/errors";

/**
 * Text the service cannot store or pass on: a NUL character (PostgreSQL's text refuses it) and a
 * lone UTF-16 surrogate (it has no UTF-8 form). Every string of a request — JSON values and keys,
 * form fields, file names, path parameters and query values — is checked at the edge, so a bad
 * one is the client's 400 instead of a database error deep inside.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function describe(text: string): string {
  return text.includes("\u0000") ? "a NUL character" : "an unpaired UTF-16 surrogate";
}

interface Unstorable {
  /** The keys and indexes leading to it. */
  path: (string | number)[];
  text: string;
  isKey: boolean;
}

/**
 * The first unstorable string or key of a value, or null. Its place is put together only once one
 * is found: naming every string on the way (`body.roles.0.name`) cost a second for a body of
 * 200,000 keys.
 */
function firstUnstorable(value: unknown): Unstorable | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? { path: [], text: value, isKey: false } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnstorable(value[i]);
      if (found) {
        found.path.unshift(i);
        return found;
      }
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      if (UNSTORABLE.test(key)) return { path: [], text: key, isKey: true };
      const found = firstUnstorable((value as Record<string, unknown>)[key]);
      if (found) {
        found.path.unshift(key);
        return found;
      }
    }
  }
  return null;
}

/** Throws a 400 naming where the first unstorable string is (`body.roles.0.name`). */
export function assertStorableText(value: unknown, where: string): void {
  const found = firstUnstorable(value);
  if (!found) return;
  const place = [where, ...found.path].join(".");
  throw badRequest(
    "error.validation.invalidCharacters",
    `${found.isKey ? `A key of ${place}` : place} contains ${describe(found.text)}, which is not allowed in any text.`,
  );
}

/** The route's path parameters and every query value of the address. */
export function assertStorableAddress(request: Request, params: Record<string, string | string[]>): void {
  for (const [name, value] of Object.entries(params)) assertStorableText(value, `The path parameter ${name}`);
  for (const [name, value] of new URL(request.url).searchParams) {
    assertStorableText(name, "A query parameter's name");
    assertStorableText(value, `The query parameter ${name}`);
  }
}
