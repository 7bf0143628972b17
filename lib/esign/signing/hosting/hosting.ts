import type { Tx } from "@/lib/db/client";
import type { packages } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { findPackageSender, senderName } from "@/lib/esign/packages/package-content";
import { type RoleRow, signerName } from "@/lib/esign/signing/ceremony/signer-context";

/**
 * In-person signing (spec: `settings.ceremony.inPerson`): the sender opens the ceremony on their
 * device with a sender authentication token and hands it to each signer in turn. The session
 * belongs to the sender (`hostUserId`) and acts as one signer at a time; each signer's actions
 * are recorded as theirs (their role id), and IN_PERSON_HOST events say who hosted for whom.
 */

/** How long a sender authentication token works, as the original service has it. */
export const HOST_TOKEN_MINUTES = 30;

export function isInPerson(pkg: Pick<typeof packages.$inferSelect, "settings">): boolean {
  return (pkg.settings as { ceremony?: { inPerson?: unknown } }).ceremony?.inPerson === true;
}

/** The sender hosting, as the ceremony and the audit trail name them. */
export async function hostName(tx: Tx, hostUserId: string): Promise<{ name: string; email: string }> {
  const host = await findPackageSender(tx, hostUserId);
  return host ? { name: senderName(host), email: host.email } : { name: hostUserId, email: "" };
}

/** Records that the hosted device now signs for `role` (audit only: the evidence summary shows it). */
export async function recordHostedSigner(
  tx: Tx,
  input: { pkg: Pick<typeof packages.$inferSelect, "id" | "accountId">; hostUserId: string; role: Pick<RoleRow, "id" | "signer">; ipAddress: string | null; userAgent: string | null },
): Promise<void> {
  const host = await hostName(tx, input.hostUserId);
  await recordEvent(tx, {
    accountId: input.pkg.accountId,
    packageId: input.pkg.id,
    name: "IN_PERSON_HOST",
    sessionUser: input.hostUserId,
    message: `Signing hosted in person by ${host.name}${host.email ? ` (${host.email})` : ""}: ${signerName(input.role)} (role ${input.role.id}) signs on the sender's device.`,
    ipAddress: input.ipAddress ?? undefined,
    userAgent: input.userAgent ?? undefined,
  });
}
