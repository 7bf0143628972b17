import { createHash, sign } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { ServiceCertificate } from "./service-certificate";

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha256WithRsa: "1.2.840.113549.1.1.11",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
};

/** GeneralName's CHOICE tag for a directory name. */
const DIRECTORY_NAME = 4;

/**
 * A detached CMS signature as PAdES (ETSI EN 319 142-1, baseline B-B) wants it for
 * `ETSI.CAdES.detached`: SHA-256, the signed attributes content-type, message-digest and the ESS
 * signing-certificate-v2 that binds the signer's certificate, and no signing-time attribute (the
 * time of signing is the signature dictionary's /M). The certificate and its chain are embedded.
 *
 * pkijs builds the structures; node:crypto signs, which takes RSA and EC keys alike.
 */
export function createCadesSignature(contentDigest: Buffer, signer: ServiceCertificate): Buffer {
  const certificate = pkijs.Certificate.fromBER(signer.certificate.raw);
  const chain = signer.chain.map((extra) => pkijs.Certificate.fromBER(extra.raw));

  const attributes = sortedForDer([
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: arrayBufferOf(contentDigest) })] }),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(signer.certificate.raw, certificate)] }),
  ]);
  // What is signed is the attributes' DER as a SET OF (RFC 5652, 5.4), not the [0] they are stored under.
  const signedAttributes = Buffer.from(new asn1js.Set({ value: attributes.map((attribute) => attribute.toSchema()) }).toBER());
  const signatureValue = sign("sha256", signedAttributes, signer.privateKey);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: signatureAlgorithm(signer),
    signature: new asn1js.OctetString({ valueHex: arrayBufferOf(signatureValue) }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [certificate, ...chain],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } (RFC 5035), with one
 * ESSCertIDv2 ::= SEQUENCE { certHash OCTET STRING, issuerSerial IssuerSerial }: SHA-256, the
 * default hash algorithm, is left out as DER requires.
 */
function signingCertificateV2(der: Buffer, certificate: pkijs.Certificate): asn1js.Sequence {
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: DIRECTORY_NAME, value: certificate.issuer })] }),
    serialNumber: certificate.serialNumber,
  });
  const certHash = new asn1js.OctetString({ valueHex: arrayBufferOf(createHash("sha256").update(der).digest()) });
  const essCertIdV2 = new asn1js.Sequence({ value: [certHash, issuerSerial.toSchema()] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function signatureAlgorithm(signer: ServiceCertificate): pkijs.AlgorithmIdentifier {
  switch (signer.privateKey.asymmetricKeyType) {
    case "rsa":
      return new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
    case "ec":
      return new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
    default:
      throw new Error(
        `The seal certificate's key (${signer.source}) is of type ${signer.privateKey.asymmetricKeyType}; documents can be sealed with RSA or EC keys.`,
      );
  }
}

/** DER orders the members of a SET OF by their encodings. */
function sortedForDer(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((attribute) => ({ attribute, der: Buffer.from(attribute.toSchema().toBER()) }));
  return encoded.sort((a, b) => Buffer.compare(a.der, b.der)).map(({ attribute }) => attribute);
}

function arrayBufferOf(bytes: Buffer): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}
