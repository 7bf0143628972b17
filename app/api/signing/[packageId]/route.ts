import { ceremonyView } from "@/lib/esign/signing/ceremony/ceremony-view";
import { signerRoute } from "@/lib/http/signer-route";

/** The signer's view of the package: progress, documents, pages and fields. */
export const GET = signerRoute(({ tx, context }) => ceremonyView(tx, context));
