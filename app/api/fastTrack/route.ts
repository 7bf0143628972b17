import { fastTrackAnswer, fastTrackRolesInput } from "@/lib/api/fast-track";
import { startFastTrack } from "@/lib/esign/fast-track/fast-track";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { z } from "zod";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Fast track: whoever holds the link fills the template's placeholders and gets the package (and, for signing, their signing link). */
export const POST = publicRoute({
  tag: "Templates",
  summary: "Start a fast track: fill the template's placeholders, get the signing link",
  description:
    "No credential: the token of the fast track link is one. The roles given must be placeholders of the template, each with one signer with an e-mail; the package is the template sender's, made in one transaction. Answers the first role's signing link (`signing=true`), or the draft's console page.",
  query: z.object({ token: z.string() }),
  body: { schema: fastTrackRolesInput },
  responses: {
    200: ok(fastTrackAnswer),
    400: ok(errorBody, "A role that is not a placeholder of the template, or a signer without e-mail"),
    404: ok(errorBody, "Not a fast track link (error.notFound.fastTrack)"),
    410: ok(errorBody, "The template was removed, or its sender can no longer send"),
  },
}, async ({ request, db }) => {
  const token = new URL(request.url).searchParams.get("token");
  return startFastTrack(db, token, await readJsonWith(request, fastTrackRolesInput), clientIp(request));
});
