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

/**
 * Who signs for a role: its signer, or every member of the group that signs it (spec 2.9 rule 2).
 * A group with no members has no one to write to.
 */
export async function signerRecipients(tx: Queryable, role: RoleRow): Promise<SignerRecipient[]> {
  const groupId = groupIdOf(role);
  if (groupId) {
    const members = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(users.email);
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
