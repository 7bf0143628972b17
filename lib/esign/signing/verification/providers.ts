import { EMAIL_OTP, findVerificationType } from "@/lib/esign/verification/verification-types";

/**
 * The one interface every external verification type goes through (spec 2.5): a connector to an
 * identity provider (a bank, a government login, a PKI) registers itself here for its type id.
 * Signet ships no connector, so the registry is empty unless a deployment adds one; a package whose
 * signer carries a type with no provider cannot be sent (`assertVerificationsAvailable`).
 * `EMAIL_OTP` is Signet's own (email-otp.ts) and always available.
 */

/** Who is being verified, as a provider's `start` sees it. */
export interface VerificationContext {
  accountId: string;
  packageId: string;
  roleId: string;
  /** The catalogue id of the type. */
  typeId: string;
  /** What the sender attached with the type (`verification.payload`), e.g. the expected national id. */
  payload: string;
  signerEmail: string;
  signerName: string;
  /** Where the provider sends the signer back to once done. */
  returnUrl: string;
}

/** What the signer is shown to begin: a page of the provider to go to, or a message, or both. */
export interface VerificationStart {
  redirectUrl?: string;
  message?: string;
}

/** The outcome of a verification, for one role of one package. */
export interface VerificationResult {
  packageId: string;
  roleId: string;
  /** PENDING until the provider answers. */
  status: "PENDING" | "VERIFIED" | "FAILED";
  /** What the provider says about how the signer was verified (kept for the evidence), never a secret. */
  detail?: string;
}

export interface VerificationProvider {
  /** The catalogue id this provider verifies (`ITSME`, `IDIN`, …). */
  typeId: string;
  start(context: VerificationContext): Promise<VerificationStart>;
  /** The provider's call back to the service (its redirect or webhook): which role, and how it went. */
  handleCallback(request: Request): Promise<VerificationResult>;
  /** Asks the provider where the verification of the role stands. */
  result(packageId: string, roleId: string): Promise<VerificationResult>;
}

const registry = new Map<string, VerificationProvider>();

/** The catalogue id of `typeId` (`iDIN` is `IDIN`), or the id trimmed and upper-cased when it is not in the catalogue. */
function canonicalTypeId(typeId: string): string {
  return findVerificationType(typeId)?.id ?? typeId.trim().toUpperCase();
}

/** Makes `provider` the one that verifies its type, replacing any earlier one; answers a function that removes it again. */
export function registerVerificationProvider(provider: VerificationProvider): () => void {
  const typeId = canonicalTypeId(provider.typeId);
  if (typeId === EMAIL_OTP) throw new Error(`${EMAIL_OTP} is built in; it takes no external provider.`);
  registry.set(typeId, provider);
  return () => {
    if (registry.get(typeId) === provider) registry.delete(typeId);
  };
}

/** The provider registered for `typeId`; undefined for EMAIL_OTP (built in) and for every type nobody configured. */
export function verificationProviderFor(typeId: string): VerificationProvider | undefined {
  return registry.get(canonicalTypeId(typeId));
}

/** Whether a signer carrying `typeId` can be verified on this service. */
export function isVerificationAvailable(typeId: string): boolean {
  return canonicalTypeId(typeId) === EMAIL_OTP || registry.has(canonicalTypeId(typeId));
}

/** The type ids signers can be verified with here, EMAIL_OTP first. */
export function availableVerificationTypeIds(): string[] {
  return [EMAIL_OTP, ...[...registry.keys()].sort()];
}
