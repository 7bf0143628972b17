import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { groups } from "@/lib/db/schema";
import type { SignerInput } from "@/lib/api/packages";
import { badRequest } from "@/lib/esign/errors";

/** A signer of the package an ad-hoc group's member may name: by signer id, role id or e-mail. */
export interface PackageSignerRef {
  roleId: string;
  signerId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The signers of role inputs (their signer id defaults to the role id), for ad-hoc groups to name. */
export function signerRefsOf(roleInputs: { id?: string; signers?: Partial<SignerInput>[] }[]): PackageSignerRef[] {
  return roleInputs.flatMap((role) =>
    (role.signers ?? []).flatMap((signer) =>
      signer.email && !signer.group
        ? [{ roleId: role.id ?? "", signerId: signer.id ?? role.id ?? "", email: signer.email.toLowerCase(), firstName: signer.firstName ?? "", lastName: signer.lastName ?? "" }]
        : [],
    ),
  );
}

/**
 * A group as a signer (spec 2.3). With `group.id` it must name a group of the account (400
 * otherwise), and takes the group's current e-mail and name, whatever the client sent: `email` is
 * the group's e-mail, `firstName` its name, `lastName` empty. Without an id it is an ad-hoc group
 * (the original service's AD_HOC_GROUP_SIGNER): its `members` must name other signers of the
 * package (`packageSigners`), by signer id, role id or e-mail, and are kept with their e-mail and
 * name; any one of them signs for the group. Used wherever roles get their signers: package
 * creation, role add and update, and a package cloned with roles filled.
 */
export async function resolveGroupSigners<T extends { signers?: SignerInput[] }>(
  db: Queryable,
  accountId: string,
  roleInputs: T[],
  packageSigners: PackageSignerRef[] = [],
): Promise<T[]> {
  const groupIds = [...new Set(roleInputs.flatMap((role) => (role.signers ?? []).flatMap((signer) => (signer.group?.id ? [signer.group.id] : []))))];
  const rows = groupIds.length
    ? await db
        .select({ id: groups.id, name: groups.name, email: groups.email })
        .from(groups)
        .where(and(eq(groups.accountId, accountId), inArray(groups.id, groupIds)))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = groupIds.filter((id) => !byId.has(id));
  if (unknown.length) {
    throw badRequest("error.validation.unknownGroup", `The account has no group(s) ${unknown.map((id) => `"${id}"`).join(", ")}.`);
  }

  const resolve = (signer: SignerInput): SignerInput => {
    if (!signer.group) return signer;
    if (signer.group.id) {
      const group = byId.get(signer.group.id)!;
      return { ...signer, email: group.email, firstName: group.name, lastName: "", group: { id: group.id, email: group.email, name: group.name } };
    }
    const name = signer.group.name ?? signer.firstName ?? "";
    const email = (signer.group.email ?? signer.email ?? "").toLowerCase();
    return { ...signer, email: email || undefined, firstName: name, lastName: "", group: { name, email, members: adHocMembers(signer, packageSigners) } };
  };
  return roleInputs.map((role) => (role.signers ? { ...role, signers: role.signers.map(resolve) } : role));
}

function adHocMembers(signer: SignerInput, packageSigners: PackageSignerRef[]) {
  const members = signer.group?.members ?? [];
  if (members.length === 0) {
    throw badRequest("error.validation.adHocGroupMembers", `The ad-hoc group "${signer.group?.name ?? ""}" names no members: list the signers of the package who may sign for it.`);
  }
  return members.map((member) => {
    const wanted = (member.userId ?? member.email ?? "").toLowerCase();
    const found = packageSigners.find(
      (candidate) => candidate.signerId.toLowerCase() === wanted || candidate.roleId.toLowerCase() === wanted || candidate.email === wanted,
    );
    if (!found) {
      throw badRequest(
        "error.validation.adHocGroupMember",
        `A member of the ad-hoc group "${signer.group?.name ?? ""}" names "${member.userId ?? member.email ?? ""}", which is no signer of the package.`,
      );
    }
    return { userId: found.signerId, email: found.email, firstName: found.firstName, lastName: found.lastName, memberType: member.memberType ?? "AD_HOC_GROUP_MEMBER" };
  });
}
