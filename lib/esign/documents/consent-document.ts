import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { pageSizesOf, type PageSize } from "@/lib/esign/pdf/inspect-pdf";

export const CONSENT_DOCUMENT_ID = "default-consent";
export const CONSENT_DOCUMENT_NAME = "Electronic Disclosures and Signatures Consent";

const CONSENT_TEXT = [
  "By accepting this consent, you agree to the following:",
  "",
  "1. You consent to receive and sign the documents of this transaction electronically.",
  "2. Your electronic signature has the same effect as a handwritten signature.",
  "3. You can ask the sender for a paper copy of the documents at any time.",
  "4. You can withdraw this consent before signing by opting out of electronic signing;",
  "   the sender is notified and will contact you.",
  "5. To sign you need a device with a current web browser and an e-mail address.",
  "",
  "Signed documents are sealed with a digital signature so that any later change can be detected,",
  "and an evidence summary records every step of the signing process.",
];

let cached: Promise<{ bytes: Uint8Array; pages: PageSize[] }> | undefined;

/** The consent document every package starts with: the same bytes every time (content-addressed once). */
export async function consentPdf(): Promise<Uint8Array> {
  return (await consentDocument()).bytes;
}

/** The consent PDF with its page sizes, made once per process. */
export function consentDocument(): Promise<{ bytes: Uint8Array; pages: PageSize[] }> {
  cached ??= (async () => {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    pdf.setTitle(CONSENT_DOCUMENT_NAME);
    pdf.setProducer("Signet");
    const fixed = new Date("2026-01-01T00:00:00Z");
    pdf.setCreationDate(fixed);
    pdf.setModificationDate(fixed);
    const page = pdf.addPage([612, 792]);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText(CONSENT_DOCUMENT_NAME, { x: 56, y: 720, size: 16, font: bold, color: rgb(0.1, 0.1, 0.15) });
    CONSENT_TEXT.forEach((line, i) => page.drawText(line, { x: 56, y: 680 - i * 18, size: 10.5, font: regular }));
    return { bytes: await pdf.save({ useObjectStreams: false }), pages: pageSizesOf(pdf) };
  })();
  return cached;
}
