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

/** The console's words for why a notarized package cannot be sent: `useTranslations("console.notary.blocking")`. */
export type NotaryBlockingWords = (key: string, values?: Record<string, string>) => string;

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
  t: NotaryBlockingWords,
  today: Date = new Date(),
): string[] {
  if (!pkg.notarized) return [];
  if (!pkg.notaryRoleId) return [t("chooseNotary")];
  const role = roles.find((candidate) => candidate.id === pkg.notaryRoleId);
  if (!role || !signerEmailOf(role)) return [t("notarySignerGone")];
  const blocking: string[] = [];
  const email = signerEmailOf(role);
  const sender = senders?.find((candidate) => candidate.email.toLowerCase() === email);
  if (senders && (!sender || sender.status !== "ACTIVE")) blocking.push(t("notActiveSender", { email }));
  else if (sender && commission === null) blocking.push(t("noCommission", { name: sender.name || email }));
  else if (sender && commission && new Date(commission.expirationDate) <= today) {
    blocking.push(t("commissionExpired", { name: sender.name || email, number: String(commission.number), date: commission.expirationDate.slice(0, 10) }));
  }
  const others = roles.filter((candidate) => candidate.id !== role.id);
  if (others.length === 0) blocking.push(t("addSigner"));
  else if (others.some((candidate) => candidate.index >= role.index)) blocking.push(t("notaryLast"));
  return blocking;
}
