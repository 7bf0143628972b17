import { createPrivateKey, X509Certificate } from "node:crypto";
import type { ServiceCertificate } from "@/lib/esign/sealing/service-certificate";

/**
 * A ServiceCertificate as bytes (DER), which pass between threads. Its own module: the thread that
 * answers requests makes it without loading what the PDF workers load (pdf.js, pdf-lib, fonts).
 */
export interface CertificateMaterial {
  certificate: Uint8Array;
  chain: Uint8Array[];
  /** PKCS#8. */
  privateKey: Uint8Array;
  source: string;
}

export function certificateMaterial(certificate: ServiceCertificate): CertificateMaterial {
  return {
    certificate: new Uint8Array(certificate.certificate.raw),
    chain: certificate.chain.map((extra) => new Uint8Array(extra.raw)),
    privateKey: new Uint8Array(certificate.privateKey.export({ format: "der", type: "pkcs8" })),
    source: certificate.source,
  };
}

export function certificateOf(material: CertificateMaterial): ServiceCertificate {
  return {
    certificate: new X509Certificate(material.certificate),
    chain: material.chain.map((extra) => new X509Certificate(extra)),
    privateKey: createPrivateKey({ key: Buffer.from(material.privateKey), format: "der", type: "pkcs8" }),
    source: material.source,
  };
}
