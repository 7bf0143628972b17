import type { WireNotaryCommission } from "@/lib/api/notary";
import type { WirePackage, WireRole } from "@/lib/api/packages";
import type { WireSender } from "@/lib/api/senders";

/** A role's signer's e-mail (lower case), "" when none. */
export function signerEmailOf(role: WireRole): string {
  const email = role.signers[0]?.email;
  return typeof email === "string" ? email.toLowerCase() : "";
}

/** The signing roles of the package whose signer is one of the account's senders: who may notarize it. */
export function notaryCandidates(roles: readonly WireRole[], senders: readonly WireSender[]): { role: WireRole; sender: WireSender }[] {
  const byEmail = new Map(senders.map((sender) => [sender.email.toLowerCase(), sender]));
  return roles.flatMap((role) => {
    const sender = byEmail.get(signerEmailOf(role));
    return sender ? [{ role, sender }] : [];
  });
}

/**
 * One reason the service would refuse to send a notarized package, with what it names: the
 * builder says it in the console's language (console.builder.notary.blocking.<reason>).
 */
export type NotaryBlockingReason =
  | { reason: "chooseNotary" }
  | { reason: "notaryNotSigner" }
  | { reason: "notaryNotActiveSender"; email: string }
  | { reason: "noCommission"; name: string }
  | { reason: "commissionExpired"; name: string; number: number; expirationDate: string }
  | { reason: "addSigner" }
  | { reason: "notarySignsLast" };

/**
 * Why the service would refuse to send this notarized package (its 422s error.validation.notary.*),
 * before sending: `roles` are the package's signing roles, `senders` the account's
 * (undefined while loading: nothing said about them yet), `commission` the notary's (null: none on file).
 */
export function notaryBlocking(
  pkg: Pick<WirePackage, "notarized" | "notaryRoleId">,
  roles: readonly WireRole[],
  senders: readonly WireSender[] | undefined,
  commission: WireNotaryCommission | null | undefined,
  today: Date = new Date(),
): NotaryBlockingReason[] {
  if (!pkg.notarized) return [];
  if (!pkg.notaryRoleId) return [{ reason: "chooseNotary" }];
  const role = roles.find((candidate) => candidate.id === pkg.notaryRoleId);
  if (!role || !signerEmailOf(role)) return [{ reason: "notaryNotSigner" }];
  const blocking: NotaryBlockingReason[] = [];
  const email = signerEmailOf(role);
  const sender = senders?.find((candidate) => candidate.email.toLowerCase() === email);
  if (senders && (!sender || sender.status !== "ACTIVE")) blocking.push({ reason: "notaryNotActiveSender", email });
  else if (sender && commission === null) blocking.push({ reason: "noCommission", name: sender.name || email });
  else if (sender && commission && new Date(commission.expirationDate) <= today) {
    blocking.push({ reason: "commissionExpired", name: sender.name || email, number: commission.number, expirationDate: commission.expirationDate });
  }
  const others = roles.filter((candidate) => candidate.id !== role.id);
  if (others.length === 0) blocking.push({ reason: "addSigner" });
  else if (others.some((candidate) => candidate.index >= role.index)) blocking.push({ reason: "notarySignsLast" });
  return blocking;
}
