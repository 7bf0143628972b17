import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { groups } from "@/lib/db/schema";
import type { SignerInput } from "@/lib/api/packages";
import { badRequest } from "@/lib/esign/errors";

/**
 * A group as a signer (spec 2.3): each signer with `group.id` must name a group of the account
 * (400 otherwise), and takes the group's current e-mail and name, whatever the client sent:
 * `email` is the group's e-mail, `firstName` its name, `lastName` empty. Used wherever roles get
 * their signers: package creation, role add and update, and a package cloned with roles filled.
 */
export async function resolveGroupSigners<T extends { signers?: SignerInput[] }>(db: Queryable, accountId: string, roleInputs: T[]): Promise<T[]> {
  const groupIds = [...new Set(roleInputs.flatMap((role) => (role.signers ?? []).flatMap((signer) => (signer.group ? [signer.group.id] : []))))];
  if (groupIds.length === 0) return roleInputs;

  const rows = await db
    .select({ id: groups.id, name: groups.name, email: groups.email })
    .from(groups)
    .where(and(eq(groups.accountId, accountId), inArray(groups.id, groupIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = groupIds.filter((id) => !byId.has(id));
  if (unknown.length) {
    throw badRequest("error.validation.unknownGroup", `The account has no group(s) ${unknown.map((id) => `"${id}"`).join(", ")}.`);
  }

  const resolve = (signer: SignerInput): SignerInput => {
    if (!signer.group) return signer;
    const group = byId.get(signer.group.id)!;
    return { ...signer, email: group.email, firstName: group.name, lastName: "", group: { id: group.id, email: group.email, name: group.name } };
  };
  return roleInputs.map((role) => (role.signers ? { ...role, signers: role.signers.map(resolve) } : role));
}
