import { createHash, randomBytes } from "node:crypto";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFString,
  type PDFContext,
  type PDFObject,
} from "pdf-lib";
import { now } from "@/lib/esign/clock";
import { createCadesSignature } from "./cades-signature";
import type { ServiceCertificate } from "./service-certificate";

export interface SignPdfOptions {
  certificate: ServiceCertificate;
  /** Why the document is signed, as readers show it ("Sealed on completion of ..."). */
  reason: string;
  location?: string;
  /** The signer's name as readers show it; the certificate's common name when absent. */
  name?: string;
  contactInfo?: string;
  /** The time of signing (/M); the clock's now when absent. */
  signingTime?: Date;
}

const NAME = {
  acroForm: PDFName.of("AcroForm"),
  fields: PDFName.of("Fields"),
  annots: PDFName.of("Annots"),
  sigFlags: PDFName.of("SigFlags"),
  title: PDFName.of("T"),
};

const SEAL_FIELD_NAME = "Signet seal";
/** Annotation flags: Print (4) and Locked (128). */
const WIDGET_FLAGS = 132;
/** SigFlags: SignaturesExist (1) and AppendOnly (2). */
const SIG_FLAGS = 3;
/** "[0 " + three 10-digit offsets + "]": room for any offset of a file under 10 GB. */
const BYTE_RANGE_WIDTH = 36;
/** Room for the CMS beyond its certificates: signed attributes, signature value, structure. */
const SIGNATURE_ROOM_BYTES = 8192;

/**
 * Signs a PDF with a PAdES signature (SubFilter ETSI.CAdES.detached) by the service certificate,
 * as an incremental update: the input's bytes are kept as they are, and an invisible signature
 * field, its signature dictionary and the objects that point to them are appended after them with
 * their own cross-reference section. The signature covers the whole resulting file but its
 * /Contents.
 */
export async function signPdf(pdfBytes: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  const base = Buffer.from(lastXrefIsTable(pdfBytes) ? pdfBytes : await rewrittenWithXrefTable(pdfBytes));
  const pdf = await PDFDocument.load(base, { updateMetadata: false });
  const { context } = pdf;
  const update = new IncrementalUpdate(context);
  // New objects take numbers past every one in use, freed ones included.
  context.largestObjectNumber = Math.max(context.largestObjectNumber, lastTrailerSize(base) - 1);

  const signatureRef = context.nextRef();
  const widgetRef = context.nextRef();
  const page = pdf.getPage(0);
  const acroForm = acroFormOf(pdf, update);
  const widget = context.obj({
    Type: "Annot",
    Subtype: "Widget",
    FT: "Sig",
    T: PDFHexString.fromText(unusedFieldName(context, acroForm.dict)),
    V: signatureRef,
    F: WIDGET_FLAGS,
    Rect: [0, 0, 0, 0],
    P: page.ref,
  });
  update.set(widgetRef, widget);
  acroForm.dict.set(NAME.sigFlags, context.obj(SIG_FLAGS));
  update.set(acroForm.ref, acroForm.owner);
  appendToArray(context, update, acroForm.dict, acroForm.ref, acroForm.owner, NAME.fields, widgetRef);
  appendToArray(context, update, page.node, page.ref, page.node, NAME.annots, widgetRef);

  const contentsBytes = SIGNATURE_ROOM_BYTES + [options.certificate.certificate, ...options.certificate.chain].reduce((sum, c) => sum + c.raw.length, 0);
  const signatureDictionary = new SignatureDictionary({
    contentsBytes,
    name: options.name ?? commonNameOf(options.certificate),
    reason: options.reason,
    location: options.location,
    contactInfo: options.contactInfo,
    signingTime: options.signingTime ?? now(),
  });
  const { bytes: signed, byteRangeAt, contentsAt } = update.write(base, signatureRef, signatureDictionary);

  // /ByteRange: everything but the hexadecimal string of /Contents, brackets included.
  const contentsEnd = contentsAt + 2 + 2 * contentsBytes;
  const byteRange = `[0 ${contentsAt} ${contentsEnd} ${signed.length - contentsEnd}]`;
  signed.write(byteRange.padEnd(BYTE_RANGE_WIDTH, " "), byteRangeAt, "latin1");
  const digest = createHash("sha256").update(signed.subarray(0, contentsAt)).update(signed.subarray(contentsEnd)).digest();
  const cms = createCadesSignature(digest, options.certificate);
  if (cms.length > contentsBytes) throw new Error(`The signature (${cms.length} bytes) does not fit the ${contentsBytes} bytes reserved for it.`);
  signed.write(cms.toString("hex").toUpperCase(), contentsAt + 1, "latin1");
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.length);
}

interface SignatureDictionaryFields {
  contentsBytes: number;
  name: string;
  reason: string;
  location?: string;
  contactInfo?: string;
  signingTime: Date;
}

/**
 * The signature dictionary, written by hand so that where /ByteRange and /Contents sit in the file
 * is known exactly: both are placeholders of fixed width, filled once the file is complete.
 */
class SignatureDictionary {
  constructor(private readonly fields: SignatureDictionaryFields) {}

  /** The object's text in three parts: before /ByteRange's value, between it and /Contents' value, after. */
  parts(objectNumber: number): [string, string, string] {
    const { contentsBytes, name, reason, location, contactInfo, signingTime } = this.fields;
    const text = (value: string) => PDFHexString.fromText(value).toString();
    const optional = [location ? ` /Location ${text(location)}` : "", contactInfo ? ` /ContactInfo ${text(contactInfo)}` : ""].join("");
    return [
      `${objectNumber} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange `,
      `${" ".repeat(BYTE_RANGE_WIDTH)} /Contents `,
      `<${"0".repeat(2 * contentsBytes)}> /M ${PDFString.fromDate(signingTime).toString()} /Name ${text(name)} /Reason ${text(reason)}${optional} >>\nendobj\n`,
    ];
  }
}

/** The changed and new objects, appended with a cross-reference section that points back to the previous one. */
class IncrementalUpdate {
  private readonly objects = new Map<number, { ref: PDFRef; object: PDFObject }>();

  constructor(private readonly context: PDFContext) {}

  set(ref: PDFRef, object: PDFObject): void {
    this.objects.set(ref.objectNumber, { ref, object });
  }

  write(base: Buffer, signatureRef: PDFRef, signature: SignatureDictionary): { bytes: Buffer; byteRangeAt: number; contentsAt: number } {
    const chunks: Buffer[] = [base];
    let length = base.length;
    const append = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
      chunks.push(bytes);
      length += bytes.length;
    };
    if (base[base.length - 1] !== 0x0a) append("\n");

    const offsets = new Map<number, { generation: number; offset: number }>();
    for (const { ref, object } of [...this.objects.values()].sort((a, b) => a.ref.objectNumber - b.ref.objectNumber)) {
      offsets.set(ref.objectNumber, { generation: ref.generationNumber, offset: length });
      const body = Buffer.alloc(object.sizeInBytes());
      object.copyBytesInto(body, 0);
      append(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
      append(body);
      append("\nendobj\n");
    }
    offsets.set(signatureRef.objectNumber, { generation: 0, offset: length });
    const [beforeByteRange, beforeContents, rest] = signature.parts(signatureRef.objectNumber);
    append(beforeByteRange);
    const byteRangeAt = length;
    append(beforeContents);
    const contentsAt = length;
    append(rest);

    const xrefAt = length;
    append(this.crossReferenceSection(offsets));
    append(this.trailer(previousXrefOffset(base), xrefAt));
    return { bytes: Buffer.concat(chunks), byteRangeAt, contentsAt };
  }

  /** Subsections of consecutive object numbers; each entry exactly 20 bytes. */
  private crossReferenceSection(offsets: Map<number, { generation: number; offset: number }>): string {
    const numbers = [...offsets.keys()].sort((a, b) => a - b);
    let section = "xref\n";
    let start = 0;
    while (start < numbers.length) {
      let end = start;
      while (end + 1 < numbers.length && numbers[end + 1] === numbers[end] + 1) end++;
      section += `${numbers[start]} ${end - start + 1}\n`;
      for (let i = start; i <= end; i++) {
        const { generation, offset } = offsets.get(numbers[i])!;
        section += `${String(offset).padStart(10, "0")} ${String(generation).padStart(5, "0")} n\r\n`;
      }
      start = end + 1;
    }
    return section;
  }

  private trailer(previousXref: number, xrefAt: number): string {
    const { Root, Info, ID } = this.context.trailerInfo;
    if (!Root) throw new Error("The PDF to sign has no document catalog (/Root).");
    // The file identifier's first half stays; the second changes with every update (ISO 32000-1, 14.4).
    const original = ID instanceof PDFArray ? ID.get(0) : undefined;
    const firstId = original instanceof PDFHexString || original instanceof PDFString ? original.toString() : `<${randomBytes(16).toString("hex")}>`;
    const entries = [
      `/Size ${this.context.largestObjectNumber + 1}`,
      `/Root ${Root.toString()}`,
      Info ? `/Info ${Info.toString()}` : "",
      `/ID [${firstId} <${randomBytes(16).toString("hex")}>]`,
      `/Prev ${previousXref}`,
    ].filter(Boolean);
    return `trailer\n<< ${entries.join(" ")} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  }
}

/**
 * The document's interactive form: `dict` to change, and `owner`/`ref`, the indirect object that
 * holds it and must be written again (the form itself, or the catalog when the form is inline).
 */
function acroFormOf(pdf: PDFDocument, update: IncrementalUpdate): { dict: PDFDict; ref: PDFRef; owner: PDFDict } {
  const { context, catalog } = pdf;
  const catalogRef = context.trailerInfo.Root as PDFRef;
  const entry = catalog.get(NAME.acroForm);
  if (entry instanceof PDFRef) {
    const dict = context.lookup(entry, PDFDict);
    return { dict, ref: entry, owner: dict };
  }
  if (entry instanceof PDFDict) return { dict: entry, ref: catalogRef, owner: catalog };
  const dict = context.obj({ Fields: [] });
  const ref = context.register(dict);
  catalog.set(NAME.acroForm, ref);
  update.set(catalogRef, catalog);
  return { dict, ref, owner: dict };
}

/** Adds `item` to the array under `key`, whether the array is inline, indirect or not there yet. */
function appendToArray(
  context: PDFContext,
  update: IncrementalUpdate,
  holder: PDFDict,
  ownerRef: PDFRef,
  owner: PDFDict,
  key: PDFName,
  item: PDFRef,
): void {
  const entry = holder.get(key);
  if (entry instanceof PDFRef) {
    const array = context.lookup(entry, PDFArray);
    array.push(item);
    update.set(entry, array);
    return;
  }
  if (entry instanceof PDFArray) entry.push(item);
  else holder.set(key, context.obj([item]));
  update.set(ownerRef, owner);
}

/** "Signet seal", or "Signet seal 2", ... when the document already has a field of that name. */
function unusedFieldName(context: PDFContext, acroForm: PDFDict): string {
  const fields = acroForm.lookupMaybe(NAME.fields, PDFArray);
  const taken = new Set<string>();
  for (const entry of fields?.asArray() ?? []) {
    const title = context.lookupMaybe(entry, PDFDict)?.lookup(NAME.title);
    if (title instanceof PDFString || title instanceof PDFHexString) taken.add(title.decodeText());
  }
  let name = SEAL_FIELD_NAME;
  for (let n = 2; taken.has(name); n++) name = `${SEAL_FIELD_NAME} ${n}`;
  return name;
}

function commonNameOf(certificate: ServiceCertificate): string {
  const line = certificate.certificate.subject.split("\n").find((part) => part.startsWith("CN="));
  return line ? line.slice(3) : "Signet document seal";
}

/** The offset after the file's last `startxref`. */
function previousXrefOffset(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).toString("latin1");
  const match = /startxref\s+(\d+)\s*%%EOF\s*$/.exec(tail) ?? [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!match) throw new Error("The PDF to sign has no startxref: it is not a complete PDF file.");
  return Number(match[1]);
}

/** /Size of the last trailer (0 when it cannot be read: pdf-lib's count of objects then stands). */
function lastTrailerSize(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 4096))).toString("latin1");
  const trailer = tail.slice(tail.lastIndexOf("trailer"));
  const match = /\/Size\s+(\d+)/.exec(trailer);
  return match ? Number(match[1]) : 0;
}

/** Whether the last cross-reference section is a table (`xref`) rather than a stream, which a table cannot follow. */
function lastXrefIsTable(pdf: Uint8Array): boolean {
  let offset: number;
  try {
    offset = previousXrefOffset(pdf);
  } catch {
    return false;
  }
  const at = Buffer.from(pdf.subarray(offset, offset + 16)).toString("latin1");
  return /^\s*xref/.test(at);
}

/** Once, for a PDF whose last cross-reference section is a stream: rewritten whole with a table. */
async function rewrittenWithXrefTable(pdfBytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  return pdf.save({ useObjectStreams: false });
}
