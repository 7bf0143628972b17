import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { packages, roleSigningStates, signingLinks } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { gone, notFound } from "@/lib/esign/errors";
import { assertSignableType } from "@/lib/esign/packages/package-status";
import { openSigningSession } from "../session";
import { signingCancelled } from "./signing-cancelled";
import { isPlausibleSigningToken, signingTokenHash } from "./signing-token";

export interface RedeemedSigningLink {
  packageId: string;
  /** The ceremony session's token, for its cookie. */
  sessionToken: string;
  expires: Date;
}

export interface SigningClient {
  ipAddress: string | null;
  userAgent: string | null;
}

const unknownLink = () =>
  notFound("error.notFound.signingLink", "This signing link is not valid. Check that you opened the whole link from your e-mail, or ask the sender for a new one.");

function closedMessage(pkg: { name: string; status: string; trashed: boolean }): string {
  const name = `"${pkg.name}"`;
  if (pkg.trashed || pkg.status === "DRAFT" || pkg.status === "DELETED") return `The sender has withdrawn ${name}; there is nothing to sign for now.`;
  if (pkg.status === "COMPLETED" || pkg.status === "ARCHIVED") return `${name} is complete; there is nothing left to sign.`;
  if (pkg.status === "DECLINED") return `${name} was declined by a signer; there is nothing left to sign.`;
  if (pkg.status === "OPTED_OUT") return `A signer opted out of signing ${name} electronically; there is nothing left to sign here.`;
  if (pkg.status === "EXPIRED") return `${name} has expired; ask the sender to send it again.`;
  return `${name} is not out for signing.`;
}

/**
 * `GET /access?sessionToken=...`: a link's token for a ceremony session, in one transaction. A link
 * works while its package is SENT (and not in the trash) and its role has not finished; a
 * SINGLE_USE link once. Refusals are 404 (no such link) or 410 (a link that no longer works), with
 * a message for the person holding it.
 */
export async function redeemSigningLink(db: Db, token: string | null, client: SigningClient): Promise<RedeemedSigningLink> {
  if (!isPlausibleSigningToken(token)) throw unknownLink();
  return db.transaction(async (tx) => {
    // Locked: a single-use link redeemed twice at the same time opens one session.
    const [link] = await tx.select().from(signingLinks).where(eq(signingLinks.tokenHash, signingTokenHash(token))).for("update");
    // A sender authentication token opens a hosted ceremony only through its own parameter; a signer's copy link only downloads.
    if (!link || link.kind === "HOST" || link.kind === "COPY") throw unknownLink();
    // The sender cancelled the signing it was for: say so, and why, rather than "not valid".
    if (link.cancelled) throw await signingCancelled(tx, link);
    if (link.kind === "SINGLE_USE" && link.usedAt) {
      throw gone("error.gone.signingLinkUsed", "This signing link could be used only once, and it has been. Ask the sender for a new one.");
    }
    const [pkg] = await tx
      .select({ name: packages.name, type: packages.type, status: packages.status, trashed: packages.trashed })
      .from(packages)
      .where(eq(packages.id, link.packageId));
    if (pkg) assertSignableType(pkg.type);
    if (!pkg || pkg.status !== "SENT" || pkg.trashed) throw gone("error.gone.packageNotSent", pkg ? closedMessage(pkg) : "There is nothing to sign here any more.");
    const [state] = await tx
      .select({ completed: roleSigningStates.completed })
      .from(roleSigningStates)
      .where(and(eq(roleSigningStates.packageId, link.packageId), eq(roleSigningStates.roleId, link.roleId)));
    if (!state) throw gone("error.gone.roleNotSigning", `You are no longer among the signers of "${pkg.name}".`);
    if (state.completed) throw gone("error.gone.signerCompleted", `You have finished signing "${pkg.name}"; there is nothing left for you to do.`);

    if (link.kind === "SINGLE_USE") await tx.update(signingLinks).set({ usedAt: now() }).where(eq(signingLinks.id, link.id));
    const session = await openSigningSession(tx, {
      packageId: link.packageId,
      roleId: link.roleId,
      memberEmail: link.memberEmail,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
    });
    return { packageId: link.packageId, sessionToken: session.token, expires: session.expires };
  });
}
