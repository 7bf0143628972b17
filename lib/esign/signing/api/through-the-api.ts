import { readableIpAddress } from "@/lib/esign/evidence/evidence-time";

/**
 * The words the audit trail (DOCUMENT_SIGNED's message), the seal's signature frame and the
 * certificate of completion use for a signature made through the API, from the caller's address.
 */
export function throughTheApi(ipAddress: string | null | undefined): string {
  return `Signed through the API from ${readableIpAddress(ipAddress) || "an unknown address"}`;
}
