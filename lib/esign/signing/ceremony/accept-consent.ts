import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { approvals, roleSigningStates } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { finishRoleIfDone } from "./finish-role";
import { assertMayAct, type SignerContext } from "./signer-context";

/** The signer accepts the consent document (compat notes: DOCUMENT_SIGNED for `default-consent`); accepting again changes nothing. */
export async function acceptConsent(tx: Tx, context: SignerContext, message?: string): Promise<void> {
  assertMayAct(context, "accepting the consent");
  if (context.state.consentAccepted) return;
  const at = now();
  const { pkg, role, session } = context;
  await tx
    .update(approvals)
    .set({ accepted: at })
    .where(and(eq(approvals.packageId, pkg.id), eq(approvals.documentId, CONSENT_DOCUMENT_ID), eq(approvals.roleId, role.id), isNull(approvals.accepted)));
  await tx.update(roleSigningStates).set({ consentAccepted: at }).where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: "DOCUMENT_SIGNED",
    sessionUser: role.id,
    documentId: CONSENT_DOCUMENT_ID,
    message,
    ipAddress: session.ipAddress ?? undefined,
    userAgent: session.userAgent ?? undefined,
  });
  await finishRoleIfDone(tx, context);
}
