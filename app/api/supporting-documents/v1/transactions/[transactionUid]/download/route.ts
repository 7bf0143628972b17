import { zipSupportingDocuments } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

type Params = { transactionUid: string };

/** Every supporting document of the package in one zip. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  const file = await zipSupportingDocuments(db, caller, params.transactionUid);
  return download(file.body, file.fileName, file.contentType);
});
