import { fastTrackAnswer, fastTrackRolesInput } from "@/lib/api/fast-track";
import { startFastTrack } from "@/lib/esign/fast-track/fast-track";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { z } from "zod";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Fast track: whoever holds the link fills the template's placeholders and gets the package (and, for signing, their signing link). */
export const POST = publicRoute({
  tag: "Templates",
  summary: "Start a fast track: fill the template's placeholders, get the signing link",
  description:
    "No credential: the token of the fast track link is one. The roles given must be placeholders of the template, each with one signer with an e-mail (the original's FastTrackRole and FastTrackSigner: `id`, `name`; `id`, `email`, `firstName`, `lastName`, names in letters only, nothing else); the package is the template sender's, made in one transaction. Answers the first role's signing link (`signing=true`), or the draft's console page. Packages made are limited per template (FAST_TRACK_PER_LINK_PER_HOUR), per client address (FAST_TRACK_PER_ADDRESS_PER_HOUR) and per account (FAST_TRACK_PER_ACCOUNT_PER_DAY): past a limit, 429 `error.tooManyRequests.fastTrack` with Retry-After, and the template's owner is e-mailed (kind `FAST_TRACK_LIMITED`) once in 24 hours.",
  query: z.object({ token: z.string() }),
  body: { schema: fastTrackRolesInput },
  responses: {
    200: ok(fastTrackAnswer),
    400: ok(errorBody, "A role that is not a placeholder of the template, or a signer without e-mail"),
    404: ok(errorBody, "Not a fast track link (error.notFound.fastTrack)"),
    410: ok(errorBody, "The template was removed, or its sender can no longer send"),
    429: ok(errorBody, "Too many packages from this link, this address or this account (error.tooManyRequests.fastTrack); see Retry-After"),
  },
}, async ({ request, db, body }) => {
  const token = new URL(request.url).searchParams.get("token");
  return startFastTrack(db, token, body, clientIp(request));
});

export * from "@/lib/http/method-not-allowed";
