import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import forge from "node-forge";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { opensslPkcs12 } from "@/tests/support/certificates";
import { createSelfSignedPkcs12, readPkcs12, sealCommonName, serviceCertificate } from "./service-certificate";

const SETTINGS = ["DATA_DIR", "DATABASE_URL", "SIGNET_SECRET", "PUBLIC_URL", "SEAL_P12_PATH", "SEAL_P12_PASSPHRASE"] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-seal-certificate-"));

beforeEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  process.env.DATABASE_URL = "";
});
afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function freshFolder(): string {
  return fs.mkdtempSync(path.join(scratch, "case-"));
}

function keyUsageOf(pem: string) {
  return forge.pki.certificateFromPem(pem).getExtension("keyUsage") as { digitalSignature?: boolean; nonRepudiation?: boolean; critical?: boolean };
}

describe("the generated seal certificate", () => {
  it("is created on first use in DATA_DIR/seal, named after PUBLIC_URL's host, for signing, for years", async () => {
    const dataDir = freshFolder();
    process.env.DATA_DIR = dataDir;
    process.env.PUBLIC_URL = "https://sign.example.com";

    const seal = await serviceCertificate();

    const file = path.join(dataDir, "seal", "seal.p12");
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(seal.certificate.subject).toContain("CN=Signet document seal (sign.example.com)");
    expect(seal.certificate.issuer).toBe(seal.certificate.subject);
    expect(seal.certificate.verify(seal.certificate.publicKey)).toBe(true);
    expect(seal.certificate.checkPrivateKey(seal.privateKey)).toBe(true);
    const years = (new Date(seal.certificate.validTo).getTime() - Date.now()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(9);
    expect(new Date(seal.certificate.validFrom).getTime()).toBeLessThanOrEqual(Date.now());
    expect(keyUsageOf(seal.certificate.toString())).toMatchObject({ digitalSignature: true, nonRepudiation: true, critical: true });
    expect(seal.privateKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
  });

  it("is created once and read back from DATA_DIR afterwards", async () => {
    const first = freshFolder();
    const second = freshFolder();
    process.env.DATA_DIR = first;
    const original = await serviceCertificate();
    expect((await serviceCertificate()).certificate.fingerprint256).toBe(original.certificate.fingerprint256);

    process.env.DATA_DIR = second;
    const other = await serviceCertificate();
    expect(other.certificate.fingerprint256).not.toBe(original.certificate.fingerprint256);

    process.env.DATA_DIR = first;
    expect((await serviceCertificate()).certificate.fingerprint256).toBe(original.certificate.fingerprint256);
  });

  it("says what happened when the server secret no longer opens it", async () => {
    const dataDir = freshFolder();
    process.env.DATA_DIR = dataDir;
    await serviceCertificate();

    process.env.SIGNET_SECRET = "a different secret than the one the certificate was created with";
    await expect(serviceCertificate()).rejects.toThrow(/seal\.p12 cannot be opened .*server secret.*SEAL_P12_PATH/s);
  });

  it("keeps the common name within 64 characters for a long host", () => {
    expect(sealCommonName("https://localhost:3000")).toBe("Signet document seal (localhost)");
    expect(sealCommonName(`https://${"a".repeat(60)}.example.com`)).toBe("Signet document seal");
  });
});

describe("a configured seal certificate (SEAL_P12_PATH)", () => {
  function configure(bytes: Buffer, passphrase: string): string {
    const file = path.join(freshFolder(), "seal.p12");
    fs.writeFileSync(file, bytes);
    process.env.SEAL_P12_PATH = file;
    process.env.SEAL_P12_PASSPHRASE = passphrase;
    return file;
  }

  it("is loaded from a PKCS#12 made with openssl, RSA or EC, instead of a generated one", async () => {
    const dataDir = freshFolder();
    process.env.DATA_DIR = dataDir;
    for (const keyType of ["rsa", "ec"] as const) {
      configure(opensslPkcs12({ keyType, passphrase: "correct horse", commonName: `Acme ${keyType} seal` }), "correct horse");
      const seal = await serviceCertificate();
      expect(seal.certificate.subject).toBe(`CN=Acme ${keyType} seal`);
      expect(seal.privateKey.asymmetricKeyType).toBe(keyType);
      expect(seal.source).toContain("SEAL_P12_PATH");
      expect(await serviceCertificate()).toBe(seal);
    }
    expect(fs.existsSync(path.join(dataDir, "seal"))).toBe(false);
  });

  it("with a wrong passphrase, gives an error naming the settings, and works once the passphrase is fixed", async () => {
    const file = configure(opensslPkcs12({ keyType: "rsa", passphrase: "right", commonName: "Acme seal" }), "wrong");
    const error = await serviceCertificate().then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error?.message).toContain(`SEAL_P12_PATH (${file}) cannot be opened with SEAL_P12_PASSPHRASE`);
    expect(error?.message).toContain("passphrase is wrong");

    process.env.SEAL_P12_PASSPHRASE = "right";
    expect((await serviceCertificate()).certificate.subject).toBe("CN=Acme seal");
  });

  it("that is missing, gives an error naming the setting and the path", async () => {
    const missing = path.join(freshFolder(), "nowhere.p12");
    process.env.SEAL_P12_PATH = missing;
    await expect(serviceCertificate()).rejects.toThrow(`SEAL_P12_PATH is set to ${missing}, but that file cannot be read (ENOENT)`);
  });

  it("that is not a PKCS#12 file, says so", async () => {
    configure(Buffer.from("-----BEGIN CERTIFICATE-----\nnot really\n-----END CERTIFICATE-----\n"), "");
    await expect(serviceCertificate()).rejects.toThrow(/is not a PKCS#12 \(\.p12 or \.pfx\) file/);
  });

  it("that has expired, is refused with its dates", async () => {
    const p12 = await createSelfSignedPkcs12({
      commonName: "Old seal",
      passphrase: "pw",
      validFrom: new Date("2010-01-01T00:00:00Z"),
      validityYears: 2,
    });
    configure(p12, "pw");
    await expect(serviceCertificate()).rejects.toThrow(/SEAL_P12_PATH .* is valid from .*2009 GMT to .*2012 GMT, not now/);
  });
});

describe("readPkcs12", () => {
  it("needs the certificate of the key", async () => {
    // Only the certificate: openssl pkcs12 -nokeys style files hold no key.
    const rsa = opensslPkcs12({ keyType: "rsa", passphrase: "pw", commonName: "Acme" });
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(rsa.toString("binary")));
    const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, "pw");
    const certificate = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]![0].cert!;
    const onlyCertificate = forge.pkcs12.toPkcs12Asn1(null, [certificate], "pw", { algorithm: "aes256" });
    const bytes = Buffer.from(forge.asn1.toDer(onlyCertificate).getBytes(), "binary");
    expect(() => readPkcs12(bytes, "pw", { source: "the test file", passphraseName: "its passphrase" })).toThrow(
      "the test file holds no private key",
    );
  });
});
