import reference from "./reference/onespan-openapi-schemas.json";

/**
 * Checks our answers against the original service's published OpenAPI document (its schemas,
 * extracted by scripts/extract-reference-schemas.mjs): every member it marks as required is
 * present, every member it knows has its type and one of its enum values, dates end in Z, and
 * nothing is null but where the original answers null (`NULL_ANSWERED`). Members it does not know
 * (our extensions) are not checked.
 */
interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
}

const schemas = reference.schemas as Record<string, Schema>;
const operations = reference.operations as Record<string, Schema>;

/**
 * Members the original answers as null, and both its SDKs read as null: a field's `value` when
 * none was given (its GenericFields and CreatePackageFromTemplateWithFields examples check it).
 */
const NULL_ANSWERED = new Map<Schema, Set<string>>([[schemas.Field!, new Set(["value"])]]);

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  const found = schemas[name];
  if (!found) throw new Error(`The reference has no schema ${name}`);
  return found;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function check(schema: Schema, value: unknown, path: string, problems: string[], nullAnswered = false): void {
  const resolved = resolve(schema);
  const actual = typeOf(value);
  if (actual === "null" && nullAnswered) return;
  if (actual === "null") {
    problems.push(`${path}: null (clients reject explicit nulls)`);
    return;
  }
  const expected = resolved.type ?? (resolved.properties ? "object" : undefined);
  if (expected) {
    const fits = expected === actual || (expected === "number" && actual === "integer");
    if (!fits) {
      problems.push(`${path}: ${actual}, the reference says ${expected}`);
      return;
    }
  }
  if (resolved.enum && !resolved.enum.includes(value)) {
    problems.push(`${path}: ${JSON.stringify(value)} is none of ${resolved.enum.map((item) => JSON.stringify(item)).join(", ")}`);
  }
  if (resolved.format === "date-time" && typeof value === "string" && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)) {
    problems.push(`${path}: ${value} is not a UTC date ending in Z`);
  }
  if (actual === "array" && resolved.items) {
    (value as unknown[]).forEach((item, i) => check(resolved.items!, item, `${path}[${i}]`, problems));
  }
  if (actual === "object") {
    const object = value as Record<string, unknown>;
    for (const name of resolved.required ?? []) {
      if (object[name] === undefined) problems.push(`${path}.${name}: missing (required)`);
    }
    for (const [name, member] of Object.entries(object)) {
      const memberSchema = resolved.properties?.[name];
      if (memberSchema) check(memberSchema, member, `${path}.${name}`, problems, NULL_ANSWERED.get(resolved)?.has(name));
      else if (member === null) problems.push(`${path}.${name}: null (clients reject explicit nulls)`);
    }
  }
}

/** What is wrong with `value` as the reference's schema `name` (empty when nothing is). */
export function referenceProblems(name: string, value: unknown): string[] {
  const problems: string[] = [];
  check({ $ref: `#/components/schemas/${name}` }, value, name, problems);
  return problems;
}

/** The reference's schema of an operation's JSON 200 answer, e.g. `GET /api/packages/{packageId}`. */
export function operationSchema(operation: string): Schema | undefined {
  return operations[operation];
}

/** What is wrong with `value` as the 200 answer of `operation` (its path as the reference writes it). */
export function operationProblems(operation: string, value: unknown): string[] {
  const schema = operationSchema(operation);
  if (!schema) throw new Error(`The reference describes no JSON answer for ${operation}`);
  const problems: string[] = [];
  check(schema, value, operation, problems);
  return problems;
}
