import { fastTrackRolesInput } from "@/lib/api/fast-track";
import { startFastTrack } from "@/lib/esign/fast-track/fast-track";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** Fast track: whoever holds the link fills the template's placeholders and gets the package (and, for signing, their signing link). */
export const POST = publicRoute(async ({ request, db }) => {
  const token = new URL(request.url).searchParams.get("token");
  return startFastTrack(db, token, await readJsonWith(request, fastTrackRolesInput), clientIp(request));
});
