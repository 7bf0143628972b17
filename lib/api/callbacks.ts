import { z } from "zod";
import { pageFrom } from "./wire";
import { DELIVERY_STATUSES } from "@/lib/callbacks/kinds";

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

/** A callback connector (`/api/callback/connectors/{name}`) in our list of them: the Callback with its name. */
export const callbackConnectorResponse = callbackResponse.extend({ name: z.string().describe("The connector's name, e.g. dynamics2013") });
export type CallbackConnectorResponse = z.infer<typeof callbackConnectorResponse>;

/** `GET /api/callback/connectors` (our extension). */
export const callbackConnectorListResponse = z.object({ results: z.array(callbackConnectorResponse), count: z.number().int() });
export type CallbackConnectorListResponse = z.infer<typeof callbackConnectorListResponse>;

/** `GET /api/callback/deliveries?from=&to=&status=` (our extension; 1-based, inclusive; newest first). */
export const callbackDeliveryListQuery = z.object({
  from: pageFrom,
  to: z.coerce.number().int().min(1).optional(),
  status: z.enum(DELIVERY_STATUSES).optional().describe("Only deliveries in this status"),
});
export type CallbackDeliveryListQuery = z.infer<typeof callbackDeliveryListQuery>;

export const callbackAttemptResponse = z.object({
  attemptedAt: z.iso.datetime(),
  /** Absent when no answer came (refused by the SSRF guard, unreachable, timed out). */
  statusCode: z.number().int().optional(),
  latencyMs: z.number().int(),
  error: z.string().optional(),
  responseExcerpt: z.string().optional().describe("At most the first 1 KB of the receiver's answer"),
});
export type CallbackAttemptResponse = z.infer<typeof callbackAttemptResponse>;

export const callbackDeliveryResponse = z.object({
  id: z.string(),
  eventName: z.string(),
  /** Absent for account events (no package). */
  packageId: z.string().optional(),
  /** Absent for the main registration's deliveries. */
  connector: z.string().optional().describe("The callback connector it goes to (absent: the main registration)"),
  url: z.string(),
  status: z.enum(DELIVERY_STATUSES).describe("PENDING, DELIVERED (a 2xx answer), FAILED (every attempt failed) or CANCELLED (registration removed or changed)"),
  nextAttemptAt: z.iso.datetime().optional().describe("When PENDING: the earliest next attempt"),
  lastStatusCode: z.number().int().optional(),
  lastError: z.string().optional(),
  created: z.iso.datetime(),
  deliveredAt: z.iso.datetime().optional(),
  attempts: z.array(callbackAttemptResponse).describe("Every attempt, oldest first (a resend adds a new sequence)"),
});
export type CallbackDeliveryResponse = z.infer<typeof callbackDeliveryResponse>;

export const callbackDeliveryListResponse = z.object({ results: z.array(callbackDeliveryResponse), count: z.number().int() });
export type CallbackDeliveryListResponse = z.infer<typeof callbackDeliveryListResponse>;
