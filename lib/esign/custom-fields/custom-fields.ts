import type { z } from "zod";
import { and, asc, desc, eq } from "drizzle-orm";
import type { CustomFieldListQuery, WireCustomField, WireUserCustomField } from "@/lib/api/custom-fields";
import { customFieldInput, userCustomFieldInput } from "@/lib/api/custom-fields";
import type { Db, Queryable } from "@/lib/db/client";
import { customFields, userCustomFields } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { notFound } from "@/lib/esign/errors";
import { MAX_PAGE_SIZE, pageWindow } from "@/lib/esign/listing";

type CustomFieldRow = typeof customFields.$inferSelect;

/** The name a custom field goes by: its English translation's, else its first translation's, else its id. */
function nameOf(row: CustomFieldRow): string {
  const named = row.translations.find((translation) => translation.language === "en" && translation.name) ?? row.translations.find((translation) => translation.name);
  return named?.name || row.id;
}

export function wireCustomField(row: CustomFieldRow): WireCustomField {
  return { id: row.id, name: nameOf(row), value: row.value, required: row.required, translations: row.translations, data: {} };
}

/** A sender's value, named by its custom field (by its id once the field is deleted). */
function wireUserCustomField(id: string, field: CustomFieldRow | null, value: string): WireUserCustomField {
  return { id, name: field ? nameOf(field) : id, value, translations: field?.translations ?? [], data: {} };
}

/** The caller's values (only the one of custom field `id` when given), each with its field while the field exists. */
function userValues(db: Queryable, caller: Caller, id?: string) {
  return db
    .select({ id: userCustomFields.id, field: customFields, value: userCustomFields.value })
    .from(userCustomFields)
    .leftJoin(customFields, and(eq(customFields.accountId, userCustomFields.accountId), eq(customFields.id, userCustomFields.id)))
    .where(
      and(
        eq(userCustomFields.accountId, caller.account.id),
        eq(userCustomFields.userId, caller.user.id),
        id === undefined ? undefined : eq(userCustomFields.id, id),
      ),
    )
    .$dynamic();
}

async function readCustomField(db: Queryable, accountId: string, id: string): Promise<CustomFieldRow | undefined> {
  const [row] = await db.select().from(customFields).where(and(eq(customFields.accountId, accountId), eq(customFields.id, id)));
  return row;
}

/** `GET /api/account/customfields`: one page of the account's custom fields, a bare array as the SDKs read it. */
export async function listCustomFields(db: Queryable, caller: Caller, query: CustomFieldListQuery): Promise<WireCustomField[]> {
  const { offset, limit } = pageWindow(query.from, query.to === "all" ? query.from + MAX_PAGE_SIZE - 1 : query.to);
  const rows = await db
    .select()
    .from(customFields)
    .where(eq(customFields.accountId, caller.account.id))
    .orderBy(query.dir === "desc" ? desc(customFields.id) : asc(customFields.id))
    .limit(limit)
    .offset(offset);
  return rows.map(wireCustomField);
}

/** `GET /api/account/customfields/{id}`: the custom field, or null (the SDKs ask this way whether one exists: an empty 204). */
export async function getCustomField(db: Queryable, caller: Caller, id: string): Promise<WireCustomField | null> {
  const row = await readCustomField(db, caller.account.id, id);
  return row ? wireCustomField(row) : null;
}

/** POST and PUT: the custom field with that id, created or replaced whole (the original's "same id overwrites"). */
export async function saveCustomField(db: Db, caller: Caller, input: z.output<typeof customFieldInput>): Promise<WireCustomField> {
  const values = {
    value: input.value ?? "",
    required: input.required ?? false,
    translations: (input.translations ?? []).map((translation) => ({ language: translation.language, name: translation.name ?? "", description: translation.description ?? "" })),
    updated: now(),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customFields)
      .values({ accountId: caller.account.id, id: input.id, ...values })
      .onConflictDoUpdate({ target: [customFields.accountId, customFields.id], set: values })
      .returning();
    await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `custom field ${input.id} saved`);
    return wireCustomField(row!);
  });
}

/** `DELETE /api/account/customfields/{id}`: the field; senders keep their values until they remove them. */
export async function deleteCustomField(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(customFields)
      .where(and(eq(customFields.accountId, caller.account.id), eq(customFields.id, id)))
      .returning({ id: customFields.id });
    if (removed.length === 0) throw notFound("error.notFound.customField", `The account has no custom field "${id}".`);
    await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `custom field ${id} deleted`);
  });
}

/** `GET /api/user/customfields`: the caller's own values, by custom field id. */
export async function listUserCustomFields(db: Queryable, caller: Caller): Promise<WireUserCustomField[]> {
  const rows = await userValues(db, caller).orderBy(asc(userCustomFields.id));
  return rows.map((row) => wireUserCustomField(row.id, row.field, row.value));
}

/** `GET /api/user/customfields/{id}`: the caller's value, or null when they have none (an empty 204). */
export async function getUserCustomField(db: Queryable, caller: Caller, id: string): Promise<WireUserCustomField | null> {
  const [row] = await userValues(db, caller, id);
  return row ? wireUserCustomField(row.id, row.field, row.value) : null;
}

/** POST and PUT `/api/user/customfields`: the caller's value of one of the account's custom fields. */
export async function saveUserCustomField(db: Db, caller: Caller, input: z.output<typeof userCustomFieldInput>): Promise<WireUserCustomField> {
  return db.transaction(async (tx) => {
    const field = await readCustomField(tx, caller.account.id, input.id);
    if (!field) throw notFound("error.notFound.customField", `The account has no custom field "${input.id}": create it first.`);
    await tx
      .insert(userCustomFields)
      .values({ accountId: caller.account.id, userId: caller.user.id, id: input.id, value: input.value, updated: now() })
      .onConflictDoUpdate({ target: [userCustomFields.accountId, userCustomFields.userId, userCustomFields.id], set: { value: input.value, updated: now() } });
    return wireUserCustomField(input.id, field, input.value);
  });
}

/** `DELETE /api/user/customfields/{id}`: the caller's value (the default applies again). */
export async function deleteUserCustomField(db: Db, caller: Caller, id: string): Promise<void> {
  const removed = await db
    .delete(userCustomFields)
    .where(and(eq(userCustomFields.accountId, caller.account.id), eq(userCustomFields.userId, caller.user.id), eq(userCustomFields.id, id)))
    .returning({ id: userCustomFields.id });
  if (removed.length === 0) throw notFound("error.notFound.customField", `You have no value for the custom field "${id}".`);
}
