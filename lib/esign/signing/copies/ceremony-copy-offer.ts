import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { documents, packages } from "@/lib/db/schema";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { isComplete } from "@/lib/esign/packages/package-status";
import type { SigningSession } from "../session";
import { createSignerCopyLink, signerCopyPath, signerCopyZipPath } from "./signer-copy-links";

/**
 * WAITING: the package is not complete (others still sign, or the sender completes it); the copy
 * comes by e-mail. SEALING: complete, its documents being sealed. READY: a new COPY link of the
 * signer, as the paths of its page and its zip (the browser is on this origin).
 */
export type CeremonyCopyOffer = { status: "WAITING" } | { status: "SEALING" } | { status: "READY"; pageUrl: string; zipUrl: string };

/** `POST /api/signing/{packageId}/copy`: the ceremony's last page asks whether the signer's copy is ready to download. */
export async function ceremonyCopyOffer(db: Db, session: SigningSession): Promise<CeremonyCopyOffer> {
  return db.transaction(async (tx) => {
    const [pkg] = await tx.select({ status: packages.status, trashed: packages.trashed }).from(packages).where(eq(packages.id, session.packageId));
    if (!pkg || pkg.trashed || !isComplete(pkg.status) || session.hostUserId) return { status: "WAITING" };
    const unsealed = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.packageId, session.packageId), ne(documents.id, CONSENT_DOCUMENT_ID), isNull(documents.sealedBlobSha256)))
      .limit(1);
    if (unsealed.length > 0) return { status: "SEALING" };
    const token = await createSignerCopyLink(tx, session.packageId, { roleId: session.roleId, memberEmail: session.memberEmail });
    return { status: "READY", pageUrl: signerCopyPath(token), zipUrl: signerCopyZipPath(token) };
  });
}
