import { createHash, createPrivateKey, generateKeyPair, randomBytes, X509Certificate, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import forge from "node-forge";
import { config } from "@/lib/config";
import { now } from "@/lib/esign/clock";
import { derivedKey } from "@/lib/esign/security/server-secret";
import { logger } from "@/lib/observability/logger";

/**
 * The service's signing identity, which seals completed documents: the PKCS#12 file of
 * SEAL_P12_PATH (with SEAL_P12_PASSPHRASE) when configured, else a self-signed certificate created
 * on first use into DATA_DIR/seal/seal.p12, protected by a passphrase derived from the server
 * secret. Several instances on one PostgreSQL database each have their own DATA_DIR, so they must
 * be given one certificate through SEAL_P12_PATH to seal with the same identity.
 */
export interface ServiceCertificate {
  /** The certificate that signs. */
  certificate: X509Certificate;
  /** The other certificates of the PKCS#12 (its chain, if any), embedded beside it in signatures. */
  chain: X509Certificate[];
  privateKey: KeyObject;
  /** Where it came from, for messages. */
  source: string;
}

/** Files under DATA_DIR/seal. */
export const GENERATED_SEAL_FOLDER = "seal";
export const GENERATED_SEAL_FILE = "seal.p12";

const GENERATED_VALIDITY_YEARS = 10;
const GENERATED_KEY_BITS = 3072;

let cached: { key: string; certificate: Promise<ServiceCertificate> } | undefined;

export async function serviceCertificate(): Promise<ServiceCertificate> {
  const settings = config();
  const key = settings.sealP12Path
    ? `configured:${settings.sealP12Path}:${fileStamp(settings.sealP12Path)}:${sha256Hex(settings.sealP12Passphrase)}`
    : `generated:${settings.dataDir}:${sha256Hex(generatedPassphrase())}`;
  if (cached?.key !== key) {
    const certificate = settings.sealP12Path
      ? Promise.resolve().then(() => loadConfiguredCertificate(settings.sealP12Path, settings.sealP12Passphrase))
      : loadOrCreateGeneratedCertificate(settings.dataDir, settings.publicUrl, settings.databaseUrl);
    cached = { key, certificate };
    // A failure is not remembered: the next call tries again (after the configuration is fixed).
    certificate.catch(() => {
      if (cached?.certificate === certificate) cached = undefined;
    });
  }
  return cached.certificate;
}

function loadConfiguredCertificate(file: string, passphrase: string): ServiceCertificate {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new Error(
      `SEAL_P12_PATH is set to ${file}, but that file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        "Point SEAL_P12_PATH at the PKCS#12 (.p12 or .pfx) file of the seal certificate, or unset it to use a generated one.",
    );
  }
  const certificate = readPkcs12(bytes, passphrase, {
    source: `SEAL_P12_PATH (${file})`,
    passphraseName: "SEAL_P12_PASSPHRASE",
  });
  assertCurrentlyValid(certificate);
  return certificate;
}

async function loadOrCreateGeneratedCertificate(dataDir: string, publicUrl: string, databaseUrl: string): Promise<ServiceCertificate> {
  if (databaseUrl.startsWith("postgres")) {
    logger().warn(
      "SEAL_P12_PATH is not set: documents are sealed with a certificate generated into this instance's DATA_DIR. " +
        "Instances sharing a PostgreSQL database should be given one certificate through SEAL_P12_PATH.",
    );
  }
  const folder = path.join(dataDir, GENERATED_SEAL_FOLDER);
  const file = path.join(folder, GENERATED_SEAL_FILE);
  const passphrase = generatedPassphrase();
  const describe = { source: `the generated seal certificate ${file}`, passphraseName: "the passphrase derived from the server secret" };
  if (!fs.existsSync(file)) await createGeneratedFile(folder, file, passphrase, publicUrl);
  let certificate = readGeneratedFile(file, passphrase, describe);
  if (!isCurrentlyValid(certificate.certificate)) {
    // Ten years on: keep the old one beside for the record and start a new one.
    fs.renameSync(file, `${file}.expired-${Date.now()}`);
    await createGeneratedFile(folder, file, passphrase, publicUrl);
    certificate = readGeneratedFile(file, passphrase, describe);
  }
  return certificate;
}

function readGeneratedFile(file: string, passphrase: string, describe: { source: string; passphraseName: string }): ServiceCertificate {
  try {
    return readPkcs12(fs.readFileSync(file), passphrase, describe);
  } catch (error) {
    throw new Error(
      `${(error as Error).message} The server secret (SIGNET_SECRET, or DATA_DIR/secret.key) may have changed since it was ` +
        "created: restore it, or move the file away to create a new seal certificate, or configure SEAL_P12_PATH.",
    );
  }
}

/**
 * Writes a new PKCS#12 beside the final name, then links it into place: of two processes racing on
 * one DATA_DIR, exactly one certificate wins and both use it.
 */
async function createGeneratedFile(folder: string, file: string, passphrase: string, publicUrl: string): Promise<void> {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const p12 = await createSelfSignedPkcs12({ commonName: sealCommonName(publicUrl), passphrase, validFrom: now() });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, p12, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

function generatedPassphrase(): string {
  return derivedKey("seal-certificate-p12").toString("base64url");
}

/** "Signet document seal (sign.example.com)", within the 64 characters a common name may have. */
export function sealCommonName(publicUrl: string): string {
  let host = "";
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    // No usable URL: the plain name.
  }
  const name = host ? `Signet document seal (${host})` : "Signet document seal";
  return name.length <= 64 ? name : "Signet document seal";
}

export interface SelfSignedOptions {
  commonName: string;
  passphrase: string;
  validFrom: Date;
  validityYears?: number;
}

/** A new RSA key and a self-signed certificate for signing documents, as a PKCS#12 file. */
export async function createSelfSignedPkcs12(options: SelfSignedOptions): Promise<Buffer> {
  // Node makes the key natively (forge in JavaScript takes seconds at this size).
  const { privateKey: privatePem, publicKey: publicPem } = await promisify(generateKeyPair)("rsa", {
    modulusLength: GENERATED_KEY_BITS,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicPem);
  // Positive, 16 random bytes (RFC 5280 allows up to 20).
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  // An hour back, for clocks of verifiers slightly behind ours.
  certificate.validity.notBefore = new Date(options.validFrom.getTime() - 60 * 60 * 1000);
  const notAfter = new Date(options.validFrom);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + (options.validityYears ?? GENERATED_VALIDITY_YEARS));
  certificate.validity.notAfter = notAfter;
  // UTF8String, not forge's default PrintableString, which cannot hold every host name. forge reads
  // valueTagClass as the string type; @types/node-forge types it as a tag class.
  const subject = [
    { shortName: "CN", value: options.commonName, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: "O", value: "Signet", valueTagClass: forge.asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], options.passphrase, {
    algorithm: "aes256",
    friendlyName: options.commonName,
    generateLocalKeyId: true,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/** What forge gives for a bag; `asn1` holds keys and certificates of types it cannot parse (EC). */
interface Pkcs12Bag {
  key?: forge.pki.PrivateKey | null;
  cert?: forge.pki.Certificate | null;
  asn1?: forge.asn1.Asn1;
}

export interface Pkcs12Description {
  /** The file, as the message should name it: "SEAL_P12_PATH (/etc/signet/seal.p12)". */
  source: string;
  /** The passphrase's setting, as the message should name it. */
  passphraseName: string;
}

/** Opens a PKCS#12 file: its private key (RSA or EC), the certificate of that key, and any other certificates. */
export function readPkcs12(bytes: Uint8Array, passphrase: string, describe: Pkcs12Description): ServiceCertificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString("binary")));
  } catch (error) {
    throw new Error(`${describe.source} is not a PKCS#12 (.p12 or .pfx) file: ${(error as Error).message}`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    throw new Error(
      `${describe.source} cannot be opened with ${describe.passphraseName}: the passphrase is wrong or the file is damaged ` +
        `(${(error as Error).message}).`,
    );
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ] as Pkcs12Bag[];
  const certBags = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []) as Pkcs12Bag[];
  if (keyBags.length === 0) throw new Error(`${describe.source} holds no private key: the seal needs the certificate's key too.`);
  const privateKey = nodePrivateKey(keyBags[0]);
  const certificates = certBags.map(nodeCertificate);
  const own = certificates.find((candidate) => candidate.checkPrivateKey(privateKey));
  if (!own) throw new Error(`${describe.source} holds no certificate for its private key.`);
  return { certificate: own, chain: certificates.filter((candidate) => candidate !== own), privateKey, source: describe.source };
}

function nodePrivateKey(bag: Pkcs12Bag): KeyObject {
  if (bag.key) return createPrivateKey(forge.pki.privateKeyToPem(bag.key));
  if (bag.asn1) return createPrivateKey({ key: derOf(bag.asn1), format: "der", type: "pkcs8" });
  throw new Error("The PKCS#12 key bag is empty.");
}

function nodeCertificate(bag: Pkcs12Bag): X509Certificate {
  // certificateToAsn1 reuses the parsed to-be-signed part, so the bytes stay the signed ones.
  if (bag.cert) return new X509Certificate(derOf(forge.pki.certificateToAsn1(bag.cert)));
  if (bag.asn1) return new X509Certificate(derOf(bag.asn1));
  throw new Error("The PKCS#12 certificate bag is empty.");
}

function derOf(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

function isCurrentlyValid(certificate: X509Certificate): boolean {
  const at = now().getTime();
  return new Date(certificate.validFrom).getTime() <= at && at <= new Date(certificate.validTo).getTime();
}

function assertCurrentlyValid(certificate: ServiceCertificate): void {
  if (isCurrentlyValid(certificate.certificate)) return;
  throw new Error(
    `The seal certificate in ${certificate.source} is valid from ${certificate.certificate.validFrom} to ` +
      `${certificate.certificate.validTo}, not now: configure a current one.`,
  );
}

function fileStamp(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return "missing";
  }
}

function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
