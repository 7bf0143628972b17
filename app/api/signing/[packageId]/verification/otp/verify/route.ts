import { oneTimeCodeEntry } from "@/lib/api/signing-verification";
import { verifyOneTimeCode } from "@/lib/esign/signing/verification/email-otp";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** The ceremony's own (session cookie, no API key): checks the code the signer entered. */
export const POST = publicRoute<{ packageId: string }>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  const { code } = await readJsonWith(request, oneTimeCodeEntry);
  return verifyOneTimeCode(db, session, code);
});
