import type { z } from "zod";
import type { fieldCondition } from "@/lib/api/packages";
import { newId } from "@/lib/esign/ids";

/** A package's conditional fields, as stored (`packages.conditions`). */
export interface FieldCondition {
  id: string;
  condition: string;
  action: string;
}

/** Each condition with an id (given ones kept, missing ones made). */
export function withConditionIds(conditions: z.infer<typeof fieldCondition>[]): FieldCondition[] {
  return conditions.map((condition) => ({ id: condition.id ?? newId(9), condition: condition.condition, action: condition.action }));
}

/** The fields an expression names: `document['<documentId>'].field['<fieldId>']`, as "documentId/fieldId". */
export function fieldsNamedIn(expression: string): Set<string> {
  const named = new Set<string>();
  for (const match of expression.matchAll(/document\[\s*'([^']+)'\s*\]\s*\.\s*field\[\s*'([^']+)'\s*\]/g)) named.add(`${match[1]}/${match[2]}`);
  return named;
}

/** The conditions with those that test the field (name it in `condition`) replaced by `given`. */
export function replaceFieldConditions(conditions: FieldCondition[], documentId: string, fieldId: string, given: FieldCondition[]): FieldCondition[] {
  const key = `${documentId}/${fieldId}`;
  return [...conditions.filter((condition) => !fieldsNamedIn(condition.condition).has(key)), ...given];
}

export interface ReferencedConditions {
  packageId: string;
  documents: { documentId: string; fields: { fieldId: string; conditions: { referencedInCondition: FieldCondition[]; referencedInAction: FieldCondition[] } }[] }[];
}

/**
 * `GET /api/packages/{id}/referencedConditions`: for each document (or only `documentId`), each
 * field (or only `fieldId`) some condition names, with the conditions that test it and those
 * whose action changes it.
 */
export function referencedConditions(packageId: string, conditions: FieldCondition[], filter: { documentId?: string; fieldId?: string }): ReferencedConditions {
  const byDocument = new Map<string, Map<string, { referencedInCondition: FieldCondition[]; referencedInAction: FieldCondition[] }>>();
  const entry = (key: string) => {
    const [documentId, fieldId] = [key.slice(0, key.indexOf("/")), key.slice(key.indexOf("/") + 1)];
    if ((filter.documentId && documentId !== filter.documentId) || (filter.fieldId && fieldId !== filter.fieldId)) return null;
    const fields = byDocument.get(documentId) ?? byDocument.set(documentId, new Map()).get(documentId)!;
    return fields.get(fieldId) ?? fields.set(fieldId, { referencedInCondition: [], referencedInAction: [] }).get(fieldId)!;
  };
  for (const condition of conditions) {
    for (const key of fieldsNamedIn(condition.condition)) entry(key)?.referencedInCondition.push(condition);
    for (const key of fieldsNamedIn(condition.action)) entry(key)?.referencedInAction.push(condition);
  }
  return {
    packageId,
    documents: [...byDocument].map(([documentId, fields]) => ({ documentId, fields: [...fields].map(([fieldId, references]) => ({ fieldId, conditions: references })) })),
  };
}
