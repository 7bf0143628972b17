import { packageCreate, packageListQuery } from "@/lib/api/packages";
import { createPackage } from "@/lib/esign/packages/create-package";
import { listPackages, withOnlyFields } from "@/lib/esign/packages/list-packages";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readPayloadAndFiles } from "@/lib/http/package-upload";
import { parseWith } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";

export const POST = apiRoute({ permission: PERMISSIONS.transaction }, async ({ request, db, caller }) => {
  const { payload, files } = await readPayloadAndFiles(request);
  const input = parseWith(packageCreate, payload, "package");
  return json(await createPackage(db, caller, input, files), 200);
});

export const GET = apiRoute({ permission: PERMISSIONS.transaction }, async ({ request, db, caller }) => {
  const query = parseWith(packageListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const page = await listPackages(db, caller, query);
  return query.fields ? withOnlyFields(page, query.fields) : page;
});
