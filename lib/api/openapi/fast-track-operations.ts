import { z } from "zod";
import { fastTrackAnswer, fastTrackRolesInput, fastTrackUrlQuery } from "../fast-track";
import { errorResponse, ok, type Operation } from "./operation";

const tag = "Templates";

/** Fast track: a template's public link (the original service's FastTrack). */
export const fastTrackOperations: Operation[] = [
  {
    method: "get",
    path: "/api/fastTrack/{packageId}/url",
    tag,
    summary: "The template's fast track link",
    description:
      "A public link, `/fasttrack?token=…`, the same every time, that works for as long as the template exists. Whoever opens it names the people of the template's placeholders (roles without a signer); a package of the template's sender is made of it. With `signing=true` (the default) it is sent and they go on to sign; with `false` it stays a draft for the sender.",
    permission: "transaction.transaction",
    query: fastTrackUrlQuery,
    responses: { 200: ok(fastTrackAnswer), 400: ok(errorResponse, "A package, not a template") },
  },
  {
    method: "post",
    path: "/api/fastTrack",
    tag,
    summary: "Start a fast track: fill the template's placeholders, get the signing link",
    description:
      "No credential: the token of the fast track link is one. The roles given must be placeholders of the template, each with one signer with an e-mail; the package is the template sender's, made in one transaction. Answers the first role's signing link (`signing=true`), or the draft's console page.",
    permission: "public",
    query: z.object({ token: z.string() }),
    body: { schema: fastTrackRolesInput },
    responses: {
      200: ok(fastTrackAnswer),
      400: ok(errorResponse, "A role that is not a placeholder of the template, or a signer without e-mail"),
      404: ok(errorResponse, "Not a fast track link (error.notFound.fastTrack)"),
      410: ok(errorResponse, "The template was removed, or its sender can no longer send"),
    },
  },
];
