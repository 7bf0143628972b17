import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { accountMemberships, users } from "@/lib/db/schema";
import { queueSenderInvitation } from "@/lib/esign/senders/queue-sender-invitation";
import type { SenderInvite, WireSender } from "@/lib/api/senders";
import { addMember, issueApiKey } from "@/lib/esign/accounts/account-setup";
import type { Caller } from "@/lib/esign/accounts/caller";
import { mayAdminister } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { issueInvitation } from "./invitation";
import { readSender, wireSender } from "./sender-record";

const emailTaken = (email: string) =>
  conflict(
    "error.conflict.emailExists",
    `A user with the e-mail ${email} already exists. E-mail addresses are unique across the whole service, not only within this account: invite this person with another address.`,
  );

/**
 * `POST /api/account/senders` (spec 3.5): the user joins the caller's account as INVITED (or
 * ACTIVE when asked, see senderInvite), with the
 * predefined SENDER role, an API key that works once they activate, and an activation link (in the
 * answer when the caller may administer the invitee: the owner, or someone holding at least the
 * SENDER role's permissions). A user deleted earlier (status DELETED, kept because they own
 * packages) is invited again under the same id, so the e-mail stays usable. Inviting someone who
 * is already a sender of this account changes nothing and answers them as they are (integrations
 * of the original service provision senders idempotently); an e-mail of another account's user is
 * still refused, e-mail addresses being unique across the service.
 */
export async function inviteSender(db: Db, caller: Caller, input: SenderInvite): Promise<WireSender> {
  const email = input.email.toLowerCase();
  const accountId = caller.account.id;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).for("update");
      if (existing && existing.status !== "DELETED") {
        const [membership] = await tx
          .select({ locked: accountMemberships.locked })
          .from(accountMemberships)
          .where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.userId, existing.id)));
        if (!membership) throw emailTaken(email);
        return readSender(tx, caller, { user: existing, locked: membership.locked });
      }

      const at = now();
      const values = {
        accountId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        company: input.company ?? "",
        title: input.title ?? "",
        phone: input.phone ?? "",
        language: input.language ?? "en",
        timezoneId: input.timezoneId ?? "GMT",
        type: input.type ?? "REGULAR",
        status: input.status ?? "INVITED",
        passwordHash: null,
        updated: at,
      };
      const userId = existing?.id ?? newId();
      if (existing) await tx.update(users).set(values).where(eq(users.id, userId));
      else await tx.insert(users).values({ id: userId, created: at, ...values });

      await addMember(tx, accountId, userId, { isOwner: false, role: "SENDER" });
      await issueApiKey(tx, userId, accountId);
      const link = await issueInvitation(tx, userId, accountId);
      await queueSenderInvitation(tx, caller, { email, language: values.language }, link);
      await recordAccountEvent(tx, caller, "SENDER_INVITE", `invited ${email}`);
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      // The link is the invitee's to follow: shown only to an inviter who may administer them (see readSender).
      return wireSender({ user, locked: false }, [], (await mayAdminister(tx, caller, userId)) ? link : undefined);
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken(email);
    throw error;
  }
}
