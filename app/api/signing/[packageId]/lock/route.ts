import { takeGroupLock } from "@/lib/esign/signing/ceremony/take-group-lock";
import { signerRoute } from "@/lib/http/signer-route";

/** A group member takes (or renews) the group's signing lock; 409 names the member holding it. */
export const POST = signerRoute(async ({ tx, context }) => {
  const { until } = await takeGroupLock(tx, context);
  return { lockedUntil: until.toISOString() };
});
