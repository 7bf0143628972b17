import { packageCreate, packageListQuery, packageResponse } from "@/lib/api/packages";
import { createPackage } from "@/lib/esign/packages/create-package";
import { listedPageJson, listPackages, withOnlyFields } from "@/lib/esign/packages/list-packages";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readPayloadAndFiles } from "@/lib/http/package-upload";
import { parseWith } from "@/lib/http/request-body";
import { json, jsonText } from "@/lib/http/responses";
import { created, listOf, ok } from "@/lib/api/openapi/operation";

export const POST = apiRoute({
  tag: "Packages",
  summary: "Create a package or template, with its documents",
  description: 'multipart/form-data: a "payload" part with the package JSON, then one "file" part per document in the order of "documents"; or JSON without documents.',
  permission: PERMISSIONS.transaction,
  body: { schema: packageCreate, multipart: true },
  responses: { 200: ok(created) },
}, async ({ request, db, caller }) => {
  const { payload, files } = await readPayloadAndFiles(request);
  const input = parseWith(packageCreate, payload, "package");
  return json(await createPackage(db, caller, input, files), 200);
});

export const GET = apiRoute({
  tag: "Packages",
  summary: "List packages or templates",
  permission: PERMISSIONS.transaction,
  query: packageListQuery,
  description: "With `fields=id,name,…` each result holds only those members, as strings (the SDKs' getPackagesFields).",
  responses: { 200: ok(listOf(packageResponse), "A page of packages, with roles and documents but without approvals") },
}, async ({ db, caller, query }) => {
  const page = await listPackages(db, caller, query);
  return query.fields ? withOnlyFields(page, query.fields) : jsonText(listedPageJson(page));
});

export * from "@/lib/http/method-not-allowed";
