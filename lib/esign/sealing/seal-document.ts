import type { ServiceCertificate } from "./service-certificate";
import { signPdf } from "./sign-pdf";
import { stampFields, type FieldStamp } from "./stamp-fields";

export interface SealDocumentInput {
  /** The document as the signers saw it (the stored original, already flattened). */
  pdf: Uint8Array;
  /** Every field's value, to be drawn on its page. */
  fields: readonly FieldStamp[];
  certificate: ServiceCertificate;
  /** Shown by readers as the signature's reason. */
  reason: string;
  location?: string;
  /** The signer's name readers show; the certificate's common name when absent. */
  name?: string;
  contactInfo?: string;
  /** The time of signing; the clock's now when absent. */
  signingTime?: Date;
}

/**
 * The sealed document: the fields' values stamped on the pages, then a PAdES signature by the
 * service certificate over the result. It depends on its input only (and on the signing time), so
 * a sealing job that runs again over the same input produces an equivalent, valid document.
 */
export async function sealDocument(input: SealDocumentInput): Promise<Uint8Array> {
  const stamped = await stampFields(input.pdf, input.fields);
  return signPdf(stamped, {
    certificate: input.certificate,
    reason: input.reason,
    location: input.location,
    name: input.name,
    contactInfo: input.contactInfo,
    signingTime: input.signingTime,
  });
}
