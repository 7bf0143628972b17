import { z } from "zod";
import { MAX_REMINDER_DAYS, MAX_REMINDER_REPETITIONS } from "./wire-values";

export { MAX_REMINDER_DAYS, MAX_REMINDER_REPETITIONS };

/**
 * The wire contract of a package's reminder schedule (spec 2.10 and 4.2, compat notes
 * "Reminders"). Unknown members are ignored, including the read-only `reminders` list that
 * clients send back when they resend what GET answered.
 */

/** A whole number; a missing member reads "is required" rather than a type error. */
const wholeNumber = () =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a whole number") })
    .int("must be a whole number");

const days = (minimum: number) =>
  wholeNumber()
    .min(minimum, `must be at least ${minimum}`)
    .max(MAX_REMINDER_DAYS, `must be at most ${MAX_REMINDER_DAYS}`);

/** `POST|PUT /api/packages/{packageId}/reminders`. */
export const reminderScheduleRequest = z.object({
  /** Optional; when present and not empty it must name the package of the path. */
  packageId: z
    .string()
    .nullish()
    .transform((value) => value || undefined),
  startInDaysDelay: days(0),
  intervalInDays: days(1),
  repetitionsCount: wholeNumber()
    .min(1, "must be at least 1")
    .max(MAX_REMINDER_REPETITIONS, `must be at most ${MAX_REMINDER_REPETITIONS} (a schedule sends at most ${MAX_REMINDER_REPETITIONS} reminders)`),
});
export type ReminderScheduleRequest = z.infer<typeof reminderScheduleRequest>;

/** One reminder: when it is due, and once sent, when it went out. UTC ISO dates ending in Z. */
export const wireReminder = z.object({
  date: z.string(),
  sentDate: z.string().optional(),
});
export type WireReminder = z.infer<typeof wireReminder>;

/** What GET, POST and PUT answer. `reminders` is empty until the package is sent. */
export const reminderScheduleResponse = z.object({
  packageId: z.string(),
  startInDaysDelay: z.number().int(),
  intervalInDays: z.number().int(),
  repetitionsCount: z.number().int(),
  reminders: z.array(wireReminder),
});
export type ReminderScheduleResponse = z.infer<typeof reminderScheduleResponse>;
