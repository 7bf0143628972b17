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

/** Throws a 400 naming where the first unstorable string is (`body.roles.0.name`). */
export function assertStorableText(value: unknown, where: string): void {
  if (typeof value === "string") {
    if (UNSTORABLE.test(value)) {
      throw badRequest("error.validation.invalidCharacters", `${where} contains ${describe(value)}, which is not allowed in any text.`);
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertStorableText(item, `${where}.${i}`));
    return;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      assertStorableText(key, `A key of ${where}`);
      assertStorableText(item, `${where}.${key}`);
    }
  }
}

/** The route's path parameters and every query value of the address. */
export function assertStorableAddress(request: Request, params: Record<string, string | string[]>): void {
  for (const [name, value] of Object.entries(params)) assertStorableText(value, `The path parameter ${name}`);
  for (const [name, value] of new URL(request.url).searchParams) {
    assertStorableText(name, "A query parameter's name");
    assertStorableText(value, `The query parameter ${name}`);
  }
}
