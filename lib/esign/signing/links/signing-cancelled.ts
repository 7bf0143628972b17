import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packages, roles, signingLinks } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { ServiceError } from "@/lib/esign/errors";
import { findPackageSender, senderName } from "@/lib/esign/packages/package-content";
import { resolveLocale, type Locale } from "@/lib/i18n/locales";

type LinkRow = typeof signingLinks.$inferSelect;

/** What a signer opening a link of a cancelled signing is told, in their language (the refusal page's `cancelled` messages). */
export interface SigningCancelledNotice {
  locale: Locale;
  /** The sender's name; empty when the sender is no longer known. */
  senderName: string;
  packageName: string;
  /** The reason the sender gave; null for none. */
  reason: string | null;
}

/** 410 for a link whose signing the sender cancelled; `notice` lets a page say so in the signer's language. */
export class SigningCancelledError extends ServiceError {
  constructor(readonly notice: SigningCancelledNotice) {
    const who = notice.senderName || "The sender";
    const because = notice.reason ? ` Their reason: ${notice.reason}` : "";
    super(410, "error.gone.signingCancelled", `${who} cancelled the signing of "${notice.packageName}", so this link no longer opens it.${because}`);
    this.name = "SigningCancelledError";
  }
}

/**
 * The package goes back to draft (the sender's "Cancel signing", with or without a reason): its
 * links stop working, and are kept, marked with when and why, so that whoever opens one later
 * reads that the sender cancelled it instead of "not valid". Sending again makes new links; these
 * stay cancelled.
 */
export async function cancelSigningLinks(tx: Queryable, packageId: string, reason: string | null): Promise<void> {
  await tx
    .update(signingLinks)
    .set({ cancelled: now(), cancelReason: reason })
    .where(and(eq(signingLinks.packageId, packageId), isNull(signingLinks.cancelled)));
}

/** The refusal for a cancelled link: in its signer's language (theirs, else the package's, else English), with the sender's name and reason. */
export async function signingCancelled(tx: Queryable, link: LinkRow): Promise<SigningCancelledError> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, link.packageId));
  const [role] = await tx.select({ signer: roles.signer }).from(roles).where(and(eq(roles.packageId, link.packageId), eq(roles.id, link.roleId)));
  const sender = pkg ? await findPackageSender(tx, pkg.ownerUserId) : undefined;
  const signerLanguage = role?.signer?.language;
  return new SigningCancelledError({
    locale: resolveLocale(typeof signerLanguage === "string" ? signerLanguage : null, pkg?.language),
    senderName: sender ? senderName(sender) : "",
    packageName: pkg?.name ?? "",
    reason: link.cancelReason,
  });
}
