import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { groupMembers, roles, users } from "@/lib/db/schema";

/** Someone a role's signing e-mails go to, with the link that will be theirs. */
export interface SignerRecipient {
  roleId: string;
  email: string;
  name: string;
  /** For a group signer, the member (their link says who opened it); null for a person. */
  memberEmail: string | null;
  /** The signer's own language (`signer.language`) when set, else empty: the package's language applies. */
  language: string;
}

type RoleRow = Pick<typeof roles.$inferSelect, "id" | "signer" | "signerEmail">;

const fullName = (first: unknown, last: unknown) => [first, last].filter((part) => typeof part === "string" && part).join(" ");

/** The group a role's signer is, if it is one (spec 2.3: `signer.group.id`). */
export function groupIdOf(role: Pick<RoleRow, "signer">): string | null {
  const group = role.signer?.group as { id?: unknown } | undefined;
  return typeof group?.id === "string" && group.id ? group.id : null;
}

/** An ad-hoc group's members (the original's AD_HOC_GROUP_SIGNER): signers of the package, kept in the role's signer. */
function adHocMembersOf(role: Pick<RoleRow, "signer">): { email: string; firstName?: string; lastName?: string }[] | null {
  const group = role.signer?.group as { id?: unknown; members?: unknown } | undefined;
  if (!group || (typeof group.id === "string" && group.id) || !Array.isArray(group.members)) return null;
  return group.members.filter((member): member is { email: string } => typeof member?.email === "string" && member.email !== "");
}

/** The members of one of the account's groups, by e-mail. */
function accountGroupMembers(tx: Queryable, groupId: string) {
  return tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(users.email);
}

/**
 * Who signs for a role: its signer, or every member of the group that signs it (spec 2.9 rule 2),
 * an account's group or an ad-hoc one. A group with no members has no one to write to.
 */
export async function signerRecipients(tx: Queryable, role: RoleRow): Promise<SignerRecipient[]> {
  const groupId = groupIdOf(role);
  const members = adHocMembersOf(role) ?? (groupId ? await accountGroupMembers(tx, groupId) : null);
  if (members) {
    return members.map((member) => ({
      roleId: role.id,
      email: member.email.toLowerCase(),
      name: fullName(member.firstName, member.lastName) || member.email,
      memberEmail: member.email.toLowerCase(),
      // The package's language: its message to the signers is written in it.
      language: "",
    }));
  }
  if (!role.signerEmail) return [];
  const language = typeof role.signer?.language === "string" ? role.signer.language : "";
  const name = fullName(role.signer?.firstName, role.signer?.lastName);
  return [{ roleId: role.id, email: role.signerEmail, name: name || role.signerEmail, memberEmail: null, language }];
}
