import { sql, type SQL } from "drizzle-orm";
import { groupMembers, packages, roles } from "@/lib/db/schema";

/**
 * For the inbox: the package has a signing role held by a group the user is a member of (spec 2.9
 * rule 2: every member is asked to sign for the group).
 */
export function signedByGroupOf(userId: string): SQL {
  return sql`exists (select 1 from ${roles} inner join ${groupMembers} on ${groupMembers.groupId} = ${roles.signer}->'group'->>'id'
    where ${roles.packageId} = ${packages.id} and ${roles.type} = 'SIGNER' and ${groupMembers.userId} = ${userId})`;
}
