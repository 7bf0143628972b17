import { sign } from "node:crypto";
import type { DigestAlgorithm, PDF, Signer } from "@libpdf/core";
import { now } from "@/lib/esign/clock";
import { ServiceError } from "@/lib/esign/errors";
import type { ServiceCertificate } from "./service-certificate";

export interface SignPdfOptions {
  certificate: ServiceCertificate;
  /** Why the document is signed, as readers show it ("Sealed on completion of ..."). */
  reason: string;
  location?: string;
  contactInfo?: string;
  /** The time of signing (/M); the clock's now when absent. */
  signingTime?: Date;
  /**
   * The RFC 3161 time-stamping authority (SEAL_TSA_URL): when given, the signature carries its
   * timestamp and the document its validation data (PAdES B-LT); when absent, PAdES B-B.
   */
  timestampAuthorityUrl?: string;
}

const SEAL_FIELD_NAME = "Signet seal";
/** Room for the CMS beyond its certificates: signed attributes, signature value, structure. */
const SIGNATURE_ROOM_BYTES = 8192;
/** Room for the timestamp token: the TSA's signed data and its certificates. */
const TIMESTAMP_ROOM_BYTES = 12288;
/** How long the time-stamping authority may take to answer; the PDF job's own limit is longer. */
const TIMESTAMP_TIMEOUT_MS = 10_000;

/**
 * Signs a PDF with a PAdES signature (SubFilter ETSI.CAdES.detached) by the service certificate,
 * in an invisible signature field "Signet seal" (or "Signet seal 2", ... when taken), appended as
 * an incremental update: the input's bytes stay as they are. @libpdf/core writes the update, the
 * byte range and the CMS; with a time-stamping authority it adds the signature timestamp and a DSS
 * with the certificates and whatever revocation data (OCSP, CRL) their issuers publish.
 *
 * A timestamp that cannot be had fails the signature rather than sealing without one: the seal
 * job is retried later.
 */
export async function signPdf(pdfBytes: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  // Loaded on the first seal: a PDF worker that only reads or flattens uploads does not pay for it.
  const { HttpTimestampAuthority, PDF, TimestampError } = await import("@libpdf/core");
  const pdf = await PDF.load(pdfBytes);
  const signer = signerOf(options.certificate);
  const certificatesBytes = [signer.certificate, ...(signer.certificateChain ?? [])].reduce((sum, der) => sum + der.length, 0);
  const tsa = options.timestampAuthorityUrl;
  try {
    const { bytes } = await pdf.sign({
      signer,
      fieldName: unusedFieldName(pdf),
      reason: unescapedByLibpdf(options.reason),
      location: options.location && unescapedByLibpdf(options.location),
      contactInfo: options.contactInfo && unescapedByLibpdf(options.contactInfo),
      signingTime: options.signingTime ?? now(),
      subFilter: "ETSI.CAdES.detached",
      estimatedSize: SIGNATURE_ROOM_BYTES + certificatesBytes + (tsa ? TIMESTAMP_ROOM_BYTES : 0),
      ...(tsa ? { level: "B-LT" as const, timestampAuthority: new HttpTimestampAuthority(tsa, { timeout: TIMESTAMP_TIMEOUT_MS }) } : { level: "B-B" as const }),
    });
    return bytes;
  } catch (error) {
    if (!(error instanceof TimestampError)) throw error;
    throw new ServiceError(
      503,
      "error.internal.timestampUnavailable",
      `The document could not be sealed: the time-stamping authority of SEAL_TSA_URL (${tsa}) did not give a timestamp. Sealing is tried again later.`,
      error.message,
    );
  }
}

/**
 * @libpdf/core 0.4.2 escapes the reason, location and contact as a literal string's bytes and then
 * writes them as a text string, which escapes them again: a reader would show "Lease \(2026\)".
 * The characters it escapes are given as their full-width forms, which it leaves alone, and line
 * breaks as spaces.
 */
function unescapedByLibpdf(text: string): string {
  return text.replace(/\\/g, "\uFF3C").replace(/\(/g, "\uFF08").replace(/\)/g, "\uFF09").replace(/\r\n|[\r\n]/g, " ");
}

/** The service certificate as @libpdf/core's signer; node:crypto signs (RSA, or EC with a DER signature as CMS wants). */
function signerOf(seal: ServiceCertificate): Signer {
  const type = seal.privateKey.asymmetricKeyType;
  if (type !== "rsa" && type !== "ec") {
    throw new Error(`The seal certificate's key (${seal.source}) is of type ${type}; documents can be sealed with RSA or EC keys.`);
  }
  return {
    certificate: new Uint8Array(seal.certificate.raw),
    certificateChain: seal.chain.map((extra) => new Uint8Array(extra.raw)),
    keyType: type === "rsa" ? "RSA" : "EC",
    signatureAlgorithm: type === "rsa" ? "RSASSA-PKCS1-v1_5" : "ECDSA",
    sign: async (data: Uint8Array, algorithm: DigestAlgorithm) => new Uint8Array(sign(algorithm.replace("-", "").toLowerCase(), data, seal.privateKey)),
  };
}

/** "Signet seal", or "Signet seal 2", ... when the document already has a field of that name. */
function unusedFieldName(pdf: PDF): string {
  const taken = new Set(pdf.getForm()?.getFields().map((field) => field.name) ?? []);
  let name = SEAL_FIELD_NAME;
  for (let n = 2; taken.has(name); n++) name = `${SEAL_FIELD_NAME} ${n}`;
  return name;
}
