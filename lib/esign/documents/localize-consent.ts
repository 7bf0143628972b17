import { and, eq, isNotNull } from "drizzle-orm";
import type { ConsentLocalizationRequest, ConsentLocalizationResponse } from "@/lib/api/consent";
import type { Db } from "@/lib/db/client";
import { approvals, documents } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest, conflict, notFound } from "@/lib/esign/errors";
import { changePackage } from "@/lib/esign/packages/package-change";
import { CONSENT_LANGUAGES, consentDocument, consentDocumentName, consentLanguageOf } from "./consent-document";
import { CONSENT_DOCUMENT_ID } from "./consent-document-id";
import { CreatedBlobs } from "./store-documents";

/**
 * Whose wording the consent is in, as the original names it: "esignlive" is its own built-in
 * consent, which an account may not have replaced. Signet's consent is always its built-in one.
 */
const BUILT_IN_CONSENT = "esignlive";

/**
 * `POST /api/packages/{packageId}/documents/localize-consent`: the package's consent document is
 * replaced by the built-in one in `language`, the package's own language unchanged. Only before
 * any signer has accepted the consent: what they accepted stays what they read.
 */
export async function localizeConsent(db: Db, caller: Caller, packageId: string, input: ConsentLocalizationRequest): Promise<ConsentLocalizationResponse> {
  const language = consentLanguageOf(input.language);
  if (!language) {
    throw badRequest("error.validation.consentLanguage", `The consent is not written in "${input.language}"; it is in: ${CONSENT_LANGUAGES.join(", ")}.`);
  }
  const consent = await consentDocument(language);
  const blobs = await CreatedBlobs.open();
  try {
    const pkg = await changePackage(
      db,
      caller,
      packageId,
      "its consent",
      async ({ tx, row, record }) => {
        const [accepted] = await tx
          .select({ roleId: approvals.roleId })
          .from(approvals)
          .where(and(eq(approvals.packageId, row.id), eq(approvals.documentId, CONSENT_DOCUMENT_ID), isNotNull(approvals.accepted)))
          .limit(1);
        if (accepted) throw conflict("error.conflict.consentAccepted", "A signer has accepted the consent already; it stays in the words they accepted.");
        const updated = await tx
          .update(documents)
          .set({ name: consentDocumentName(language), blobSha256: await blobs.put(consent, tx), flattenedBlobSha256: null, size: consent.bytes.byteLength, pages: consent.pages })
          .where(and(eq(documents.packageId, row.id), eq(documents.id, CONSENT_DOCUMENT_ID)))
          .returning({ id: documents.id });
        if (updated.length === 0) throw notFound("error.notFound.consentDocument", "The package has no consent document.");
        await record("DOCUMENT_UPDATE", { documentId: CONSENT_DOCUMENT_ID, message: `Consent in ${language}` });
        return row;
      },
      { allowed: "draftOrSent" },
    );
    return {
      consentId: CONSENT_DOCUMENT_ID,
      consentMetadata: {
        packageInfo: { uid: pkg.id, language: pkg.language },
        properties: { accountId: BUILT_IN_CONSENT, language },
        document: { accountId: BUILT_IN_CONSENT, language },
      },
    };
  } catch (error) {
    await blobs.removeUnreferenced(db);
    throw error;
  }
}
