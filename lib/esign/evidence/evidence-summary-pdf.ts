import { PDFDocument, StandardFonts } from "pdf-lib";
import { embedCjkFonts } from "@/lib/esign/sealing/cjk-fonts";
import type { FieldStamp, StampValue } from "@/lib/esign/sealing/stamp-fields";
import type { CertificateEvent } from "./event-wording";
import { formatEvidenceTime } from "./evidence-time";
import { CONTENT_WIDTH, INK, MARGIN_X, MUTED, PAGE_HEIGHT, PageWriter, type Fonts } from "./page-writer";

export interface CertificateInput {
  generated: Date;
  /** The package's time zone: every time is shown in it, zone named. */
  timeZone: string;
  /** The package's language: picks the face of Chinese, Japanese or Korean text in Han characters alone (cjk-fonts.ts). */
  language?: string;
  package: {
    id: string;
    name: string;
    /** In words ("Completed", "Completed (in the trash)"). */
    status: string;
    /** "Name <e-mail>" of the package's owner. */
    owner: string;
    created: Date;
    sent: Date | null;
    completed: Date | null;
  };
  documents: {
    id: string;
    name: string;
    originalSha256: string | null;
    sealedSha256: string | null;
    /** Why there is no sealed copy, when there never will be one ("not sealed yet" otherwise). */
    notSealedBecause?: string;
  }[];
  /** Every signing role, in signing order. */
  signers: CertificateSigner[];
  /** In the order they happened, in words. */
  events: CertificateEvent[];
}

/** A signer: who they are, how they were verified, their signature and each of their signatures, acceptances and uploads. */
export interface CertificateSigner {
  roleId: string;
  /** Their own language, if set: their signature is drawn as on the sealed documents, in its face. */
  language?: string;
  /** "Name <e-mail>"; for a group, the group's name and e-mail. */
  signer: string;
  /** For a group: the member who signed for it ("Name <e-mail>"); null otherwise or before anyone did. */
  signedForGroupBy: string | null;
  /** How they were verified, in words. */
  verification: { method: string; passed: Date | null } | null;
  /** How they authenticated before seeing the documents (their `auth`), in words; null: by their signing link alone. */
  authentication?: { method: string; passed: Date | null } | null;
  consentAccepted: Date | null;
  completed: Date | null;
  /** The signature as the sealed documents show it (typed, initials or drawn); null when they signed none. */
  signature: StampValue | null;
  /** In the order they happened. */
  actions: {
    at: Date;
    document: string;
    /** What they did, in words ("Signed with a typed name: Ada Lovelace", "Accepted", "Uploaded \"id.png\" ..."). */
    action: string;
    /** Who did it: the signer, or the member of a group. */
    by: string;
    ipAddress: string;
    userAgent: string;
  }[];
}

/** The certificate laid out, and each signer's signature to draw in its frame (as the seal draws it on documents). */
export interface CertificateLayout {
  pdf: Uint8Array;
  signatureStamps: FieldStamp[];
}

const SIGNATURE_WIDTH = 200;
const SIGNATURE_HEIGHT = 56;
/** Room for a signer's name, details, signature and first action, kept on one page. */
const SIGNER_BLOCK_HEIGHT = 187;

/**
 * The certificate of completion: the package, its documents with their fingerprints before and
 * after sealing, each signer with their signature, how they were verified and what they signed
 * from where, and the audit trail in words, every time in the package's time zone. Paginated, in
 * the standard fonts, with Chinese, Japanese and Korean characters in a subset of a Noto Sans CJK
 * face (other text they cannot show is replaced, never a reason to fail); the signatures are drawn
 * afterwards by the seal (`signatureStamps`), which embeds the font they need.
 */
export async function layOutCertificate(input: CertificateInput): Promise<CertificateLayout> {
  const when = (date: Date | null, none = "-") => (date ? formatEvidenceTime(date, input.timeZone) : none);
  const pdf = await PDFDocument.create();
  const title = `Certificate of Completion: ${input.package.name}`;
  pdf.setTitle(title);
  pdf.setSubject("Evidence summary");
  pdf.setProducer("Signet");
  pdf.setCreator("Signet");
  pdf.setCreationDate(input.generated);
  pdf.setModificationDate(input.generated);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  // Every text the certificate shows comes from its input (its own words are English); NFC as the writer draws it.
  const cjk = await embedCjkFonts(pdf, textsIn(input).map((text) => ({ text: text.normalize("NFC"), language: input.language })));
  const writer = new PageWriter(pdf, fonts, title, { cjk, language: input.language });

  writer.heading("Certificate of Completion", 20);
  writer.paragraph(input.package.name, 12, INK);
  writer.paragraph("Evidence summary of the package's signing", 8, MUTED);
  writer.space(8);
  writer.table(
    [
      { title: "", width: 120, font: "bold", color: MUTED },
      { title: "", width: 360 },
    ],
    [
      ["Package ID", input.package.id],
      ["Status", input.package.status],
      ["Sender", input.package.owner],
      ["Created", when(input.package.created)],
      ["Sent for signing", when(input.package.sent, "not sent")],
      ["Completed", when(input.package.completed, "not completed")],
      ["Certificate generated", when(input.generated)],
      ["Time zone", `${input.timeZone}: every time in this certificate is shown in it`],
    ],
    { header: false },
  );

  writer.space(14);
  writer.heading("Documents", 12);
  writer.table(
    [
      { title: "Document", width: 230 },
      { title: "File", width: 100, color: MUTED },
      { title: "SHA-256 fingerprint", width: CONTENT_WIDTH - 230 - 100, font: "mono" },
    ],
    input.documents.map((document) => [
      `${document.name}\nID: ${document.id}`,
      "Original, as sent\nSealed, as signed",
      `${document.originalSha256 ?? "not stored"}\n${document.sealedSha256 ?? document.notSealedBecause ?? "not sealed yet"}`,
    ]),
  );

  writer.space(14);
  // A heading never ends a page: it starts where what follows it does.
  writer.keepTogether((input.signers.length ? SIGNER_BLOCK_HEIGHT : 20) + 40);
  writer.heading("Signers", 12);
  if (input.signers.length === 0) writer.paragraph("The package has no signers.", 8, MUTED);
  const signatureStamps = input.signers.flatMap((signer) => writeSigner(writer, signer, when));

  writer.space(14);
  writer.keepTogether(80);
  writer.heading("Audit trail", 12);
  writer.paragraph(`${input.events.length} events, oldest first. Times in ${input.timeZone}.`, 8, MUTED);
  writer.space(2);
  writer.table(
    [
      { title: "Time", width: 150 },
      { title: "Event", width: 210 },
      { title: "By", width: 160 },
      { title: "IP address and browser", width: CONTENT_WIDTH - 150 - 210 - 160 },
    ],
    input.events.map((event) => [when(event.at), event.what, event.by, [event.ipAddress, event.userAgent].filter(Boolean).join("\n")]),
  );

  writer.space(16);
  writer.keepTogether(40);
  writer.paragraph(
    "This certificate was made by Signet from the package's audit records and is sealed with the service's digital signature " +
      "(PAdES): any change to it breaks that signature. A document whose SHA-256 fingerprint matches one above is that document " +
      "exactly, as sent or as sealed on completion.",
    8,
    MUTED,
  );

  writer.finish(`Certificate of Completion · Package ${input.package.id}`);
  return { pdf: await pdf.save({ useObjectStreams: false }), signatureStamps };
}

/**
 * One signer: who, their signature in a frame at the right, how they were verified and when they
 * finished, then each signature or acceptance with where it came from. Answers the signature to
 * draw in the frame.
 */
function writeSigner(writer: PageWriter, signer: CertificateSigner, when: (date: Date | null, none?: string) => string): FieldStamp[] {
  writer.space(10);
  writer.keepTogether(SIGNER_BLOCK_HEIGHT);
  writer.paragraph(signer.signer, 9.5, INK, "bold");
  writer.space(2);

  const { pageIndex, y: top } = writer.position();
  const left = MARGIN_X + CONTENT_WIDTH - SIGNATURE_WIDTH;
  const caption = signer.signature ? "Signature, as on the sealed documents" : "No signature drawn (accepted only, or not signed yet)";
  writer.frame(left, top - SIGNATURE_HEIGHT, SIGNATURE_WIDTH, SIGNATURE_HEIGHT, caption);
  const verification = signer.verification
    ? `${signer.verification.method}: ${signer.verification.passed ? `passed ${when(signer.verification.passed)}` : "not passed"}`
    : "No verification attached: identified by their personal signing link.";
  writer.table(
    [
      { title: "", width: 120, font: "bold", color: MUTED },
      { title: "", width: CONTENT_WIDTH - SIGNATURE_WIDTH - 16 - 120 },
    ],
    [
      ["Role", signer.roleId],
      ...(signer.signedForGroupBy ? [["Signed for the group by", signer.signedForGroupBy]] : []),
      [
        "Authentication",
        signer.authentication
          ? `${signer.authentication.method}: ${signer.authentication.passed ? `passed ${when(signer.authentication.passed)}` : "not passed"}`
          : "Personal signing link (e-mail) only",
      ],
      ["Verification", verification],
      ["Consent accepted", when(signer.consentAccepted)],
      ["Finished signing", when(signer.completed, "not finished")],
    ],
    { header: false },
  );
  writer.lowerTo(top - SIGNATURE_HEIGHT - 14);
  writer.space(4);
  if (signer.actions.length === 0) writer.paragraph("No signature or acceptance recorded.", 8, MUTED);
  else {
    writer.table(
      [
        { title: "Time", width: 150 },
        { title: "Document", width: 120 },
        { title: "Action", width: 160 },
        { title: "By", width: 120 },
        { title: "IP address and browser", width: CONTENT_WIDTH - 150 - 120 - 160 - 120 },
      ],
      signer.actions.map((action) => [when(action.at), action.document, action.action, action.by, [action.ipAddress, action.userAgent].filter(Boolean).join("\n")]),
    );
  }
  if (!signer.signature) return [];
  return [{ page: pageIndex, left, top: PAGE_HEIGHT - top, width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, value: signer.signature, language: signer.language }];
}

/** Every string in the input (signature images and dates aside). */
function textsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (typeof value === "object" && value !== null && !(value instanceof Date) && !ArrayBuffer.isView(value)) return Object.values(value).flatMap(textsIn);
  return [];
}
