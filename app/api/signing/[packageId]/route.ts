import { ceremonyView } from "@/lib/esign/signing/ceremony/ceremony-view";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, noCeremonySession, notSent, ok } from "@/lib/api/openapi/operation";
import { ceremonyViewResponse } from "@/lib/api/signing";

/** The signer's view of the package: progress, documents, pages and fields. */
export const GET = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "The signer's view: progress, documents with their pages and fields",
  description: CEREMONY_AUTHENTICATION,
  responses: { 200: ok(ceremonyViewResponse), 401: noCeremonySession, 409: notSent },
}, ({ tx, context }) => ceremonyView(tx, context), { beforeAuthentication: true });

export * from "@/lib/http/method-not-allowed";
