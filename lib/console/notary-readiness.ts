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
 * Why the service would refuse to send this notarized package (its 422s error.validation.notary.*),
 * in words, before sending: `roles` are the package's signing roles, `senders` the account's
 * (undefined while loading: nothing said about them yet), `commission` the notary's (null: none on file).
 */
export function notaryBlocking(
  pkg: Pick<WirePackage, "notarized" | "notaryRoleId">,
  roles: readonly WireRole[],
  senders: readonly WireSender[] | undefined,
  commission: WireNotaryCommission | null | undefined,
  today: Date = new Date(),
): string[] {
  if (!pkg.notarized) return [];
  if (!pkg.notaryRoleId) return ["Choose the notary of this notarized package."];
  const role = roles.find((candidate) => candidate.id === pkg.notaryRoleId);
  if (!role || !signerEmailOf(role)) return ["The notary chosen is no longer a signer of this package: choose the notary again."];
  const blocking: string[] = [];
  const email = signerEmailOf(role);
  const sender = senders?.find((candidate) => candidate.email.toLowerCase() === email);
  if (senders && (!sender || sender.status !== "ACTIVE")) blocking.push(`The notary (${email}) must be an active sender of this account.`);
  else if (sender && commission === null) blocking.push(`${sender.name || email} has no notary commission on file: they set it on their account's Notary page.`);
  else if (sender && commission && new Date(commission.expirationDate) <= today) {
    blocking.push(`${sender.name || email}'s notary commission No. ${commission.number} expired on ${commission.expirationDate.slice(0, 10)}.`);
  }
  const others = roles.filter((candidate) => candidate.id !== role.id);
  if (others.length === 0) blocking.push("Add a signer for the notary to notarize.");
  else if (others.some((candidate) => candidate.index >= role.index)) blocking.push("The notary signs last: put them after every other signer in the signing order.");
  return blocking;
}
