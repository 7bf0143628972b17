import { fastTrackAnswer, fastTrackUrlQuery } from "@/lib/api/fast-track";
import { fastTrackUrl } from "@/lib/esign/fast-track/fast-track";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** The template's fast track link (`signing=true`: whoever opens it signs; `false`: it makes a draft). */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Templates",
  summary: "The template's fast track link",
  description:
    "A public link, `/fasttrack?token=…`, the same every time, that works for as long as the template exists. Whoever opens it names the people of the template's placeholders (roles without a signer); a package of the template's sender is made of it. With `signing=true` (the default) it is sent and they go on to sign; with `false` it stays a draft for the sender.",
  permission: "transaction.transaction",
  query: fastTrackUrlQuery,
  responses: { 200: ok(fastTrackAnswer), 400: ok(errorBody, "A package, not a template") },
}, async ({ db, caller, params, query }) => {
  const { signing } = query;
  return fastTrackUrl(db, caller, params.packageId, signing);
});

export * from "@/lib/http/method-not-allowed";
