import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface OpensslPkcs12Options {
  keyType: "rsa" | "ec";
  passphrase: string;
  commonName: string;
}

/**
 * A self-signed certificate and its key as a PKCS#12 file made by the openssl command line with
 * its defaults (AES-256 and PBKDF2 on OpenSSL 3), as an operator would make SEAL_P12_PATH's file.
 */
export function opensslPkcs12(options: OpensslPkcs12Options): Buffer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-p12-"));
  try {
    const key = path.join(folder, "key.pem");
    const certificate = path.join(folder, "certificate.pem");
    const p12 = path.join(folder, "seal.p12");
    const keyArguments = options.keyType === "rsa" ? ["-newkey", "rsa:2048"] : ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"];
    execFileSync(
      "openssl",
      ["req", "-x509", ...keyArguments, "-nodes", "-keyout", key, "-out", certificate, "-days", "365", "-subj", `/CN=${options.commonName}`],
      { stdio: "pipe" },
    );
    execFileSync("openssl", ["pkcs12", "-export", "-inkey", key, "-in", certificate, "-out", p12, "-passout", `pass:${options.passphrase}`], {
      stdio: "pipe",
    });
    return fs.readFileSync(p12);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
