import { and, asc, eq } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { conflict, forbidden } from "@/lib/esign/errors";
import { assertMayAct, type SignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { displayName, findNotary, notarialCertificate } from "./notarization";

/** The audit event of the notary adopting the notarial certificate in their step of the ceremony. */
export const NOTARY_ADOPTION_EVENT = "NOTARY_CERTIFICATE_ADOPT";

/** When the notary's role adopted the notarial certificate of the package (its first adoption), or null. */
export async function notarialCertificateAdopted(db: Queryable, packageId: string, roleId: string): Promise<Date | null> {
  const [row] = await db
    .select({ created: auditEvents.created })
    .from(auditEvents)
    .where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, NOTARY_ADOPTION_EVENT), eq(auditEvents.sessionUser, roleId)))
    .orderBy(asc(auditEvents.created))
    .limit(1);
  return row?.created ?? null;
}

/**
 * The notary adopts the notarial certificate for every document (their step, after consent and
 * before signing): recorded once as NOTARY_CERTIFICATE_ADOPT with the certificate's words, so the
 * audit trail, the evidence summary and the journal say when. Adopting again changes nothing.
 */
export async function adoptNotarialCertificate(tx: Tx, context: SignerContext): Promise<Date> {
  const { pkg, role, state, session } = context;
  if (!pkg.notarized || pkg.notaryRoleId !== role.id) {
    throw forbidden("error.forbidden.notNotary", "Only the notary of a notarized package adopts its notarial certificate.");
  }
  assertMayAct(context, "adopting the notarial certificate");
  if (!state.consentAccepted) throw conflict("error.conflict.consentNotAccepted", "Accept the consent to use electronic records and signatures first.");
  const adopted = await notarialCertificateAdopted(tx, pkg.id, role.id);
  if (adopted) return adopted;
  const notary = await findNotary(tx, pkg);
  if (!notary) throw conflict("error.conflict.notaryNotFound", "The notary of this package is no longer a sender of its account.");
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: NOTARY_ADOPTION_EVENT,
    sessionUser: role.id,
    message: notarialCertificate(displayName(notary.user), notary.commission?.jurisdiction ?? ""),
    ipAddress: session.ipAddress ?? undefined,
    userAgent: session.userAgent ?? undefined,
  });
  return (await notarialCertificateAdopted(tx, pkg.id, role.id))!;
}
