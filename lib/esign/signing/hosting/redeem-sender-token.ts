import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { packages, roles, signingLinks } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { gone, notFound } from "@/lib/esign/errors";
import type { RedeemedSigningLink, SigningClient } from "@/lib/esign/signing/links/redeem-signing-link";
import { isPlausibleSigningToken, signingTokenHash } from "@/lib/esign/signing/links/signing-token";
import { openSigningSession } from "@/lib/esign/signing/session";
import { rolesWhoseTurnItIs } from "@/lib/esign/signing/turns";
import { HOST_TOKEN_MINUTES, isInPerson, recordHostedSigner } from "./hosting";

const unknownToken = () => notFound("error.notFound.senderToken", "This in-person signing link is not valid. Ask for a new one from the package.");

/**
 * `GET /access?senderAuthenticationToken=...`: the sender's token becomes a hosted ceremony
 * session on their device, acting first for the signer whose turn it is (the first in signing
 * order). Single use, within HOST_TOKEN_MINUTES, while the package is SENT, set for in-person
 * signing and still the sender's. Refusals are 404 or 410 with a message for the person holding it.
 */
export async function redeemSenderToken(db: Db, token: string | null, client: SigningClient): Promise<RedeemedSigningLink> {
  if (!isPlausibleSigningToken(token)) throw unknownToken();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(signingLinks)
      .where(and(eq(signingLinks.tokenHash, signingTokenHash(token)), eq(signingLinks.kind, "HOST")))
      .for("update");
    if (!link || !link.hostUserId) throw unknownToken();
    if (link.cancelled) throw gone("error.gone.signingCancelled", "The signing this in-person link was for was cancelled (the package went back to draft). Ask for a new one once it is sent again.");
    if (link.usedAt) throw gone("error.gone.senderTokenUsed", "This in-person signing link could be used only once, and it has been. Ask for a new one.");
    if (now().getTime() - link.created.getTime() > HOST_TOKEN_MINUTES * 60_000) {
      throw gone("error.gone.senderTokenExpired", `This in-person signing link worked for ${HOST_TOKEN_MINUTES} minutes and has expired. Ask for a new one.`);
    }
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, link.packageId)).for("no key update");
    if (!pkg || pkg.status !== "SENT" || pkg.trashed) throw gone("error.gone.packageNotSent", "This package is no longer out for signing; there is nothing to sign in person.");
    if (!isInPerson(pkg)) throw gone("error.gone.notInPerson", `"${pkg.name}" is no longer set for in-person signing.`);
    if (pkg.ownerUserId !== link.hostUserId) throw gone("error.gone.notPackageSender", `"${pkg.name}" has another sender now; ask them to host its signing.`);
    const [roleId] = await rolesWhoseTurnItIs(tx, pkg.id);
    if (!roleId) throw gone("error.gone.signersFinished", `Every signer of "${pkg.name}" has finished; there is nothing left to sign in person.`);
    const [role] = await tx.select().from(roles).where(and(eq(roles.packageId, pkg.id), eq(roles.id, roleId)));

    await tx.update(signingLinks).set({ usedAt: now() }).where(eq(signingLinks.id, link.id));
    const session = await openSigningSession(tx, { packageId: pkg.id, roleId, hostUserId: link.hostUserId, ipAddress: client.ipAddress, userAgent: client.userAgent });
    await recordHostedSigner(tx, { pkg, hostUserId: link.hostUserId, role, ipAddress: client.ipAddress, userAgent: client.userAgent });
    return { packageId: pkg.id, sessionToken: session.token, expires: session.expires };
  });
}
