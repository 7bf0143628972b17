import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { roleSigningStates, signingLinks, signingSessions } from "@/lib/db/schema";
import { cancelSigningLinks } from "./signing-cancelled";
import { now } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { newSigningToken } from "./signing-token";

/**
 * INVITATION: e-mailed when the signer's turn comes and with each reminder (one per member of a
 * group signer). MULTI_USE: the signer authentication token API and `signingUrl`. SINGLE_USE: the
 * single-use token API, dead once redeemed. HOST: a sender authentication token, the sender
 * hosting an in-person ceremony (hosting/), single use, redeemed at `?senderAuthenticationToken=`.
 * COPY: the signer's copy, e-mailed once the package is sealed: downloads its sealed documents
 * (signing/copies/), never opens the ceremony.
 */
export const SIGNING_LINK_KINDS = ["INVITATION", "MULTI_USE", "SINGLE_USE", "HOST", "COPY"] as const;
export type SigningLinkKind = (typeof SIGNING_LINK_KINDS)[number];

export interface NewSigningLink {
  packageId: string;
  roleId: string;
  kind: SigningLinkKind;
  /** The group member an invitation goes to; absent for a signer who is a person. */
  memberEmail?: string | null;
  /** The sender a HOST link is for. */
  hostUserId?: string | null;
}

/** Where a signing token is redeemed: `GET /access?sessionToken=...`, which opens the ceremony. */
export function signingUrlOf(token: string): string {
  return `${config().publicUrl}/access?sessionToken=${encodeURIComponent(token)}`;
}

/** Makes a link in the caller's transaction and answers its token, which is stored nowhere. */
export async function createSigningLink(tx: Queryable, link: NewSigningLink): Promise<string> {
  const { token, tokenHash } = newSigningToken();
  await tx.insert(signingLinks).values({
    id: newId(),
    packageId: link.packageId,
    roleId: link.roleId,
    kind: link.kind,
    memberEmail: link.memberEmail?.toLowerCase() ?? null,
    hostUserId: link.hostUserId ?? null,
    tokenHash,
    created: now(),
  });
  return token;
}

/** A new INVITATION link of one recipient's role (naming the member of a group), as the URL to e-mail. */
export async function invitationUrlFor(tx: Queryable, packageId: string, recipient: { roleId: string; memberEmail: string | null }): Promise<string> {
  return signingUrlOf(await createSigningLink(tx, { packageId, roleId: recipient.roleId, kind: "INVITATION", memberEmail: recipient.memberEmail }));
}

/**
 * Back to DRAFT: every way in and every ceremony session dies, and where each signer stood is
 * forgotten, so that sending again starts over with new invitations. The links are kept, marked
 * cancelled with the sender's reason (or none), so that a signer opening one is told why it no
 * longer works. What signers already signed (approvals, signatures, field values) is left as it is.
 */
export async function dropSigningProgress(tx: Queryable, packageId: string, reason: string | null = null): Promise<void> {
  await tx.delete(signingSessions).where(eq(signingSessions.packageId, packageId));
  await cancelSigningLinks(tx, packageId, reason);
  await tx.delete(roleSigningStates).where(eq(roleSigningStates.packageId, packageId));
}
