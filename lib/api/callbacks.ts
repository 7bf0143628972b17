import { z } from "zod";

/**
 * The wire contract of the account's callback registration (spec 2.11 and 4.8, compat notes
 * "Callbacks"). One registration per account; posting again replaces it.
 */

/** `POST /api/callback`. Event names are checked against spec section 6 by the service. */
export const callbackRequest = z.object({
  url: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a string") })
    .trim()
    .min(1, "is required")
    .max(2048, "must be at most 2048 characters")
    .describe("https, or http to a host the service allows (CALLBACK_HTTP_HOSTS)"),
  /** Optional; null or empty means no key. */
  key: z
    .string("must be a string")
    .max(255, "must be at most 255 characters")
    .nullish()
    .transform((value) => value || undefined)
    .describe("Sent back as `Authorization: Basic <key>` with each notification"),
  events: z
    .array(z.string("must be an event name"), {
      error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a list of event names"),
    })
    .min(1, "must name at least one event")
    .describe("Event names of spec section 6, e.g. PACKAGE_COMPLETE"),
});
export type CallbackRequest = z.infer<typeof callbackRequest>;

/** What GET and POST answer; `key` is omitted when none is set. */
export const callbackResponse = z.object({
  url: z.string(),
  key: z.string().optional(),
  events: z.array(z.string()),
});
export type CallbackResponse = z.infer<typeof callbackResponse>;
