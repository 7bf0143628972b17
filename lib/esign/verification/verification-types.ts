/**
 * The catalogue of signer verification types (spec 2.5): the kinds the spec lists, each named by
 * a concrete scheme of that kind, plus our built-in `EMAIL_OTP`. An account attaches only the
 * types it has activated (`verificationTypeActivations`); `EMAIL_OTP` is always activated.
 *
 * Every type but `EMAIL_OTP` verifies the signer through an external identity provider. Signet
 * ships no connector to any of these providers: activating one records that the account may
 * attach it, nothing more. The signing ceremony decides what a signer meets when their role
 * carries a type that needs a provider (`needsExternalProvider`).
 *
 * Ids are upper snake case, but for the original's own ids, kept as its SDKs spell them
 * (`personalCertificateSigning`). Its documents also spell `iDIN`, so ids are matched without regard
 * to case (`findVerificationType`) and answered as the catalogue spells them.
 */

export type VerificationMethod = "PKI" | "BANK_ID" | "GOV_ID" | "PAYMENT" | "MOBILE_ID" | "OTP_TOKEN" | "SMS_OTP" | "KBA" | "EMAIL_OTP";

export interface VerificationType {
  id: string;
  name: string;
  /** The family of the method. */
  method: VerificationMethod;
  /** True for every type verified by a third party (all but the built-in e-mail one-time code). */
  needsExternalProvider: boolean;
}

export const EMAIL_OTP = "EMAIL_OTP";

export const VERIFICATION_TYPES: readonly VerificationType[] = [
  { id: "PKI_CLOUD_CERTIFICATE", name: "Qualified PKI with a cloud certificate", method: "PKI", needsExternalProvider: true },
  { id: "PKI_HARDWARE_TOKEN", name: "Qualified PKI with a hardware token", method: "PKI", needsExternalProvider: true },
  { id: "IDIN", name: "iDIN (bank identity, Netherlands)", method: "BANK_ID", needsExternalProvider: true },
  { id: "DIGID", name: "DigID (government login, Netherlands)", method: "GOV_ID", needsExternalProvider: true },
  { id: "EHERKENNING", name: "eHerkenning (government login for businesses, Netherlands)", method: "GOV_ID", needsExternalProvider: true },
  { id: "IDEAL", name: "iDEAL (payment, Netherlands)", method: "PAYMENT", needsExternalProvider: true },
  { id: "ITSME", name: "itsme (mobile identity app)", method: "MOBILE_ID", needsExternalProvider: true },
  { id: "BANKID_SE", name: "BankID (Sweden)", method: "BANK_ID", needsExternalProvider: true },
  { id: "BANKID_NO", name: "BankID (Norway)", method: "BANK_ID", needsExternalProvider: true },
  { id: "BANKID_FI", name: "Finnish Trust Network bank identity (Finland)", method: "BANK_ID", needsExternalProvider: true },
  // The original's own: DIGIPASS is the id its SDK's verification examples and tests use; SMS and KBA
  // take the names of its signer authentication schemes. Each needs a provider Signet does not ship,
  // so a package carrying one is refused (422) at sending, never sent and ignored. A signer's
  // `auth` SMS (lib/esign/signing/authentication) is the way to text a code with TWILIO_* set.
  { id: "DIGIPASS", name: "OneSpan DIGIPASS (one-time password token)", method: "OTP_TOKEN", needsExternalProvider: true },
  // The other id its SDKs' SignerVerificationExample attaches (Java and .NET alike), spelt as they spell it.
  { id: "personalCertificateSigning", name: "Signing with the signer's own certificate (personal certificate client)", method: "PKI", needsExternalProvider: true },
  { id: "SMS", name: "One-time code by text message, through an identity provider", method: "SMS_OTP", needsExternalProvider: true },
  { id: "KBA", name: "Knowledge-based authentication (credit bureau questions)", method: "KBA", needsExternalProvider: true },
  { id: EMAIL_OTP, name: "One-time code by e-mail", method: "EMAIL_OTP", needsExternalProvider: false },
];

/** The catalogue entry for `id`, matched without regard to case (`iDIN` is `IDIN`); undefined when unknown. */
export function findVerificationType(id: string): VerificationType | undefined {
  const wanted = id.trim().toUpperCase();
  return VERIFICATION_TYPES.find((type) => type.id.toUpperCase() === wanted);
}

/** A type Signet runs itself is always activated and cannot be deactivated. */
export function isBuiltIn(type: VerificationType): boolean {
  return !type.needsExternalProvider;
}
