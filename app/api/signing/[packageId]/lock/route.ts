import { takeGroupLock } from "@/lib/esign/signing/ceremony/take-group-lock";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { groupLockTaken } from "@/lib/api/signing";

/** A group member takes (or renews) the group's signing lock; 409 names the member holding it. */
export const POST = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "A group member takes or renews the group's signing lock (spec 2.9: first come, first served)",
  description: `${CEREMONY_AUTHENTICATION} The lock runs out after SIGNING_GROUP_LOCK_MINUTES without being renewed, or when the member finishes.`,
  responses: { 200: ok(groupLockTaken), 401: noCeremonySession, 409: ok(errorBody, "Another member holds the lock (the message names them), or the group has signed") },
}, async ({ tx, context }) => {
  const { until } = await takeGroupLock(tx, context);
  return { lockedUntil: until.toISOString() };
});

export * from "@/lib/http/method-not-allowed";
