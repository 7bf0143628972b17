import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { roles, roleSigningStates, type packages } from "@/lib/db/schema";
import { signerCopyEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { signerRecipients } from "../links/signer-recipients";
import { copiesAvailableUntil, createSignerCopyLink, signerCopyPath } from "./signer-copy-links";

/**
 * Once a completed package is sealed: each signer gets SIGNER_COPY, with a COPY link of their own
 * to download the sealed documents for as long as they are kept. The sender's role is left out
 * (its owner got PACKAGE_COMPLETED). A group gets it once, at the member who signed for it: they
 * are the one whose signature is on the documents, and the link is theirs; the other members only
 * had the invitation. A role nobody signed for (a group, completed by the sender) writes to every
 * member.
 */
export async function emailSignerCopies(tx: Tx, pkg: typeof packages.$inferSelect): Promise<void> {
  const availableUntil = await copiesAvailableUntil(tx, pkg.id);
  if (!availableUntil) return;
  const states = new Map((await tx.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, pkg.id))).map((state) => [state.roleId, state]));
  const signingRoles = (await tx.select().from(roles).where(eq(roles.packageId, pkg.id))).filter((role) => role.signs && role.type !== "SENDER");
  for (const role of signingRoles) {
    const recipients = await signerRecipients(tx, role);
    const signedBy = states.get(role.id)?.signedByEmail?.toLowerCase();
    const member = recipients.find((recipient) => recipient.memberEmail !== null && recipient.memberEmail === signedBy);
    for (const recipient of member ? [member] : recipients) {
      const copyUrl = `${config().publicUrl}${signerCopyPath(await createSignerCopyLink(tx, pkg.id, recipient))}`;
      const content = signerCopyEmail({ signerName: recipient.name, packageName: pkg.name, copyUrl, availableUntil }, recipient.language || pkg.language);
      await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "SIGNER_COPY", to: recipient.email });
    }
  }
}
