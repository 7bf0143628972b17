import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { notFound } from "@/lib/esign/errors";
import { assertDocumentVisible } from "@/lib/esign/documents/document-visibility";
import type { SignerContext } from "./signer-context";

/** DOCUMENT_VIEWED each time the signer opens a document of the package. */
export async function recordDocumentViewed(tx: Tx, context: SignerContext, documentId: string): Promise<void> {
  const { pkg, role, session } = context;
  const [document] = await tx.select({ id: documents.id }).from(documents).where(and(eq(documents.packageId, pkg.id), eq(documents.id, documentId)));
  if (!document) throw notFound("error.notFound.documentNotFound", `The package has no document "${documentId}".`);
  await assertDocumentVisible(tx, pkg, role, documentId);
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: "DOCUMENT_VIEWED",
    sessionUser: role.id,
    documentId,
    ipAddress: session.ipAddress ?? undefined,
    userAgent: session.userAgent ?? undefined,
  });
}
