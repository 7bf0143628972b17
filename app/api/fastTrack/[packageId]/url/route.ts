import { fastTrackAnswer, fastTrackUrlQuery } from "@/lib/api/fast-track";
import { fastTrackUrl } from "@/lib/esign/fast-track/fast-track";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";
import { errorBody, ok } from "@/lib/api/openapi/operation";

type Params = { packageId: string };

/** The template's fast track link (`signing=true`: whoever opens it signs; `false`: it makes a draft). */
export const GET = apiRoute<Params>({
  tag: "Templates",
  summary: "The template's fast track link",
  description:
    "A public link, `/fasttrack?token=…`, the same every time, that works for as long as the template exists. Whoever opens it names the people of the template's placeholders (roles without a signer); a package of the template's sender is made of it. With `signing=true` (the default) it is sent and they go on to sign; with `false` it stays a draft for the sender.",
  permission: "transaction.transaction",
  query: fastTrackUrlQuery,
  responses: { 200: ok(fastTrackAnswer), 400: ok(errorBody, "A package, not a template") },
}, async ({ request, db, caller, params }) => {
  const { signing } = parseWith(fastTrackUrlQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return fastTrackUrl(db, caller, params.packageId, signing);
});

export * from "@/lib/http/method-not-allowed";
