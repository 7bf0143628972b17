import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as asn1js from "asn1js";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { opensslPkcs12 } from "@/tests/support/certificates";
import { makeFormPdf, makePdf } from "@/tests/support/pdfs";
import { pdfSig } from "@/tests/support/poppler";
import { startTsaServer, unreachableTsaUrl, type TsaTestServer } from "@/tests/support/tsa-server";
import { createSelfSignedPkcs12, readPkcs12, type ServiceCertificate } from "./service-certificate";
import { signPdf } from "./sign-pdf";

let seal: ServiceCertificate;

beforeAll(async () => {
  const p12 = await createSelfSignedPkcs12({ commonName: "Signet document seal (test)", passphrase: "pw", validFrom: new Date() });
  seal = readPkcs12(p12, "pw", { source: "the test certificate", passphraseName: "its passphrase" });
});

/** pdfsig's report of each signature, in order. */
function signatures(report: string): string[] {
  return report.split(/^Signature #\d+:$/m).slice(1);
}

function text(value: unknown): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/** The signature dictionaries of the document's signature fields, by field name. */
async function signatureDictionaries(bytes: Uint8Array): Promise<Map<string, PDFDict>> {
  const pdf = await PDFDocument.load(bytes);
  const fields = pdf.catalog.lookup(PDFName.of("AcroForm"), PDFDict).lookup(PDFName.of("Fields"), PDFArray);
  const found = new Map<string, PDFDict>();
  for (const ref of fields.asArray()) {
    const field = pdf.context.lookup(ref, PDFDict);
    const value = field.lookupMaybe(PDFName.of("V"), PDFDict);
    if (value) found.set(text(field.lookup(PDFName.of("T")))!, value);
  }
  return found;
}

describe("signPdf", () => {
  it("adds a PAdES signature (ETSI.CAdES.detached) that pdfsig finds valid over the whole document", async () => {
    const signed = await signPdf(await makePdf({ pages: 2 }), {
      certificate: seal,
      reason: "Sealed on completion of “Lease 2026” — Zoë Łukasz",
      location: "sign.example.com",
      signingTime: new Date("2026-03-04T05:06:07Z"),
    });

    const report = pdfSig(signed);
    const [signature, ...others] = signatures(report);
    expect(others).toEqual([]);
    expect(signature).toContain("Signature Field Name: Signet seal");
    expect(signature).toContain("Signer Certificate Common Name: Signet document seal (test)");
    expect(signature).toContain("Signature Type: ETSI.CAdES.detached");
    expect(signature).toContain("Signing Hash Algorithm: SHA-256");
    expect(signature).toContain("Signing Time: Mar 04 2026 05:06:07");
    expect(signature).toContain("Total document signed");
    expect(signature).toContain("Signature Validation: Signature is Valid.");

    const dictionary = (await signatureDictionaries(signed)).get("Signet seal")!;
    expect(dictionary.get(PDFName.of("SubFilter"))).toBe(PDFName.of("ETSI.CAdES.detached"));
    expect(text(dictionary.get(PDFName.of("Reason")))).toBe("Sealed on completion of “Lease 2026” — Zoë Łukasz");
    expect(text(dictionary.get(PDFName.of("Location")))).toBe("sign.example.com");
    expect(text(dictionary.get(PDFName.of("M")))).toBe("D:20260304050607Z");
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(2);
  });

  it("writes a reason with parentheses, a backslash and a line break so that readers show no escapes", async () => {
    const signed = await signPdf(await makePdf(), { certificate: seal, reason: "Sealed on completion of Lease (2026) a\\b\nnext" });
    const reason = text((await signatureDictionaries(signed)).get("Signet seal")!.get(PDFName.of("Reason")));
    expect(reason).toBe("Sealed on completion of Lease \uFF082026\uFF09 a\uFF3Cb next");
    expect(pdfSig(signed)).toContain("Signature is Valid.");
  });

  it("appends to a PDF with a cross-reference table, keeping its bytes as they are", async () => {
    const original = await (await PDFDocument.load(await makePdf())).save({ useObjectStreams: false });
    const signed = await signPdf(original, { certificate: seal, reason: "Sealed" });
    expect(Buffer.from(signed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
    expect(signed.length).toBeGreaterThan(original.length);
    expect(pdfSig(signed)).toContain("Signature is Valid.");
  });

  it("is found broken by pdfsig when a signed byte changes", async () => {
    const signed = Buffer.from(await signPdf(await makePdf(), { certificate: seal, reason: "Sealed" }));
    // "Sealed" becomes "Sealer" in the signature dictionary.
    const reason = signed.lastIndexOf("/Reason (Sealed)");
    expect(reason).toBeGreaterThan(0);
    signed.write("r", reason + "/Reason (Seale".length, "latin1");

    const report = pdfSig(signed);
    expect(report).not.toContain("Signature is Valid");
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it("keeps a document's own form fields and signs again on top of an earlier seal", async () => {
    const once = await signPdf(await makeFormPdf(), { certificate: seal, reason: "First" });
    const twice = await signPdf(once, { certificate: seal, reason: "Second" });

    const [pending, first, second] = signatures(pdfSig(twice));
    expect(pending).toContain("Signature Field Name: signature1");
    expect(first).toContain("Signature Field Name: Signet seal");
    expect(first).toContain("Signature is Valid.");
    expect(first).toContain("Not total document signed");
    expect(second).toContain("Signature Field Name: Signet seal 2");
    expect(second).toContain("Signature is Valid.");
    expect(second).toContain("Total document signed");
    const names = (await PDFDocument.load(twice)).getForm().getFields().map((field) => field.getName());
    expect(names).toEqual(expect.arrayContaining(["fullName", "agree", "plan", "signature1", "Signet seal", "Signet seal 2"]));
  });

  it("carries the signed attributes PAdES asks for: signing-certificate-v2 of the signer", async () => {
    const signed = Buffer.from(await signPdf(await makePdf(), { certificate: seal, reason: "Sealed" }));
    const [, contentsStart, contentsEnd] = /\/ByteRange \[0 (\d+) +(\d+) +\d+ *\]/.exec(signed.toString("latin1"))!.map(Number);
    const der = Buffer.from(signed.subarray(contentsStart + 1, contentsEnd - 1).toString("latin1"), "hex");
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(der).content });

    const [signer] = signedData.signerInfos;
    const types = signer.signedAttrs!.attributes.map((attribute) => attribute.type);
    expect(types).toEqual(expect.arrayContaining(["1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4", "1.2.840.113549.1.9.16.2.47"]));
    // No time-stamping authority given: no timestamp (PAdES B-B).
    expect(signer.unsignedAttrs).toBeUndefined();
    const essCertIdV2 = signer.signedAttrs!.attributes.find((attribute) => attribute.type === "1.2.840.113549.1.9.16.2.47")!.values[0] as asn1js.Sequence;
    const certHash = ((essCertIdV2.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.OctetString;
    expect(Buffer.from(certHash.valueBlock.valueHexView).toString("hex")).toBe(createHash("sha256").update(seal.certificate.raw).digest("hex"));

    // pkijs checks the message digest against the signed ranges and the signature with the embedded certificate.
    const ranges = Buffer.concat([signed.subarray(0, contentsStart), signed.subarray(contentsEnd)]);
    const data = ranges.buffer.slice(ranges.byteOffset, ranges.byteOffset + ranges.byteLength);
    expect(await signedData.verify({ signer: 0, data, checkChain: false })).toBe(true);
  });

  it("signs with an EC key as well", async () => {
    const ec = readPkcs12(opensslPkcs12({ keyType: "ec", passphrase: "pw", commonName: "Acme EC seal" }), "pw", {
      source: "the EC test file",
      passphraseName: "its passphrase",
    });
    const signed = await signPdf(await makePdf(), { certificate: ec, reason: "Sealed" });
    const [signature] = signatures(pdfSig(signed));
    expect(signature).toContain("Signer Certificate Common Name: Acme EC seal");
    expect(signature).toContain("Signature Type: ETSI.CAdES.detached");
    expect(signature).toContain("Signature is Valid.");
  });
});

/** The CMS of the last signature in the file: the bytes of its /Contents, trailing padding included. */
function lastSignature(signed: Buffer): pkijs.SignedData {
  const [, contentsStart, contentsEnd] = [...signed.toString("latin1").matchAll(/\/ByteRange \[0 (\d+) +(\d+) +\d+ *\]/g)].at(-1)!.map(Number);
  const der = Buffer.from(signed.subarray(contentsStart + 1, contentsEnd - 1).toString("latin1"), "hex");
  return new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(der).content });
}

const TIMESTAMP_TOKEN = "1.2.840.113549.1.9.16.2.14";

describe("signPdf with a time-stamping authority", () => {
  let tsa: TsaTestServer;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sign-pdf-"));
  beforeAll(async () => {
    tsa = await startTsaServer();
  });
  afterAll(async () => {
    await tsa?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("adds the TSA's RFC 3161 timestamp of the signature, and the certificates for long-term validation (PAdES B-LT)", async () => {
    const signed = Buffer.from(
      await signPdf(await makePdf({ pages: 2 }), {
        certificate: seal,
        reason: "Sealed",
        signingTime: new Date("2026-03-04T05:06:07Z"),
        timestampAuthorityUrl: tsa.url,
      }),
    );
    expect(tsa.answered).toBe(1);

    const [signature, ...others] = signatures(pdfSig(signed));
    expect(others).toEqual([]);
    expect(signature).toContain("Signature Type: ETSI.CAdES.detached");
    expect(signature).toContain("Signature Validation: Signature is Valid.");
    // The validation data is an incremental update after the signature.
    expect(signature).toContain("Not total document signed");

    // OpenSSL checks the token: issued by the test TSA, over the SHA-256 of the signature value.
    const [signer] = lastSignature(signed).signerInfos;
    const token = signer.unsignedAttrs!.attributes.find((attribute) => attribute.type === TIMESTAMP_TOKEN)!.values[0];
    const tokenFile = path.join(scratch, "token.der");
    fs.writeFileSync(tokenFile, Buffer.from(token.toBER()));
    const signatureDigest = createHash("sha256").update(signer.signature.valueBlock.valueHexView).digest("hex");
    const verified = execFileSync(
      "openssl",
      ["ts", "-verify", "-token_in", "-in", tokenFile, "-digest", signatureDigest, "-CAfile", tsa.caFile, "-untrusted", tsa.tsaCertificateFile],
      { encoding: "utf8", stdio: "pipe" },
    );
    expect(verified).toContain("Verification: OK");
    const described = execFileSync("openssl", ["ts", "-reply", "-token_in", "-in", tokenFile, "-token_out", "-text"], { encoding: "utf8", stdio: "pipe" });
    const stampedAt = new Date(/Time stamp: (.+)/.exec(described)![1]);
    expect(Math.abs(stampedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);

    // The document security store holds the seal's certificate, the TSA's and its CA's.
    const pdf = await PDFDocument.load(signed);
    const certificates = pdf.catalog
      .lookup(PDFName.of("DSS"), PDFDict)
      .lookup(PDFName.of("Certs"), PDFArray)
      .asArray()
      .map((ref) => createHash("sha256").update(decodePDFRawStream(pdf.context.lookup(ref) as PDFRawStream).decode()).digest("hex"));
    const pemSha256 = (file: string) => createHash("sha256").update(new X509Certificate(fs.readFileSync(file)).raw).digest("hex");
    expect(certificates).toEqual(
      expect.arrayContaining([createHash("sha256").update(seal.certificate.raw).digest("hex"), pemSha256(tsa.tsaCertificateFile), pemSha256(tsa.caFile)]),
    );
  });

  it("fails when the TSA cannot be reached, rather than sealing without a timestamp", async () => {
    const url = await unreachableTsaUrl();
    const sealing = signPdf(await makePdf(), { certificate: seal, reason: "Sealed", timestampAuthorityUrl: url });
    await expect(sealing).rejects.toMatchObject({ status: 503, message: expect.stringContaining(`SEAL_TSA_URL (${url})`) });
  });
});
