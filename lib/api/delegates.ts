import { z } from "zod";

/**
 * Sender delegation, the original's `/api/account/senders/{senderId}/delegates` (its Java SDK's
 * AccountService addDelegate, removeDelegate, getDelegates, updateDelegates, clearDelegates and
 * updateDelegationWithDelegationUsers; its model DelegationUser).
 */

const expiryDate = z
  .string()
  .nullish()
  .describe("When the delegation ends: a date (to its end, UTC) or a date-time; none: until removed (400 error.validation.expiryDate when not a date)");

/** A DelegationUser as a request names it: `id` (another sender of the account), the rest of the sender ignored. */
export const delegationUserInput = z.object({
  id: z.string().trim().optional(),
  /** Our extension, for the console: a sender named by e-mail when no `id` is given. */
  email: z.string().trim().optional(),
  expiryDate,
});

/** `PUT …/delegates`: the delegates afterwards, as ids or DelegationUsers (the two may be mixed, as the original allows). */
export const delegatesReplacement = z
  .array(z.union([z.string().trim().min(1), delegationUserInput]), { error: 'expected an array of sender ids or of DelegationUser {"id", "expiryDate"}' })
  .transform((items) => items.map((item) => (typeof item === "string" ? { id: item, email: undefined, expiryDate: undefined } : item)));
export type DelegatesReplacement = z.infer<typeof delegatesReplacement>;

/** `POST …/delegates/{delegateId}`: the DelegationUser (its `expiryDate` used; an empty body is allowed). */
export const delegateAddition = delegationUserInput.partial().default({});
export type DelegateAddition = z.infer<typeof delegateAddition>;

export const wireDelegationUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  expiryDate: z.iso.datetime().optional().describe("When the delegation ends; absent: until removed"),
  /** Our extension: whether the delegation is in force now (not expired, the delegate still an active sender). */
  active: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export type WireDelegationUser = z.infer<typeof wireDelegationUser>;

/** `GET …/delegates`: a bare array, as the original answers (its SDK reads a list). */
export const delegatesResponse = z.array(wireDelegationUser);
export type DelegatesResponse = z.infer<typeof delegatesResponse>;
