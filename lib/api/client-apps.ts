import { z } from "zod";
import { pageFrom } from "./wire";

/**
 * The wire contract of client applications and access tokens (spec 5, compat notes "Requests").
 * Client applications are our extension; the token exchange is the real service's
 * `POST /apitoken/clientApp/accessToken`.
 */

const date = z.iso.datetime().describe("UTC, ISO 8601, ending in Z");
const requiredString = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a string") })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`);

/** `POST /api/account/clientApps`. */
export const clientAppRequest = z.object({ name: requiredString(100) });
export type ClientAppRequest = z.infer<typeof clientAppRequest>;

/** What creating answers: the secret is shown this once and never again. */
export const createdClientAppResponse = z.object({ clientId: z.string(), secret: z.string(), name: z.string(), created: date });
export type CreatedClientAppResponse = z.infer<typeof createdClientAppResponse>;

/** `GET /api/account/clientApps?from=&to=` (1-based, inclusive). */
export const clientAppListQuery = z.object({
  from: pageFrom,
  to: z.coerce.number().int().min(1).optional(),
});
export type ClientAppListQuery = z.infer<typeof clientAppListQuery>;

export const clientAppResponse = z.object({
  clientId: z.string(),
  name: z.string(),
  created: date,
  /** When the application was revoked; absent while it is active. */
  revoked: date.optional(),
});
export type ClientAppResponse = z.infer<typeof clientAppResponse>;

export const clientAppListResponse = z.object({ results: z.array(clientAppResponse), count: z.number().int() });
export type ClientAppListResponse = z.infer<typeof clientAppListResponse>;

/**
 * `POST /apitoken/clientApp/accessToken`: OWNER acts as the app's creator, who must be an owner
 * of the account today; SENDER as the active sender named by `email`, whose permissions the
 * creator must all hold today (unless the creator is an owner).
 */
export const accessTokenRequest = z
  .object({
    clientId: requiredString(100),
    secret: requiredString(200),
    type: z.enum(["OWNER", "SENDER"], { error: 'must be "OWNER" or "SENDER"' }),
    /** Null or empty means none (OWNER needs none). */
    email: z
      .string("must be an e-mail address")
      .trim()
      .nullish()
      .transform((value) => value || undefined)
      .pipe(z.email("must be an e-mail address").max(254).optional())
      .describe("The sender to act as; required with SENDER"),
  })
  .refine((body) => body.type !== "SENDER" || body.email, { path: ["email"], message: 'is required with type "SENDER"' });
export type AccessTokenRequest = z.infer<typeof accessTokenRequest>;

export const accessTokenResponse = z.object({
  accessToken: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>;
