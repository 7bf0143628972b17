import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { auditEvents, roles, users } from "@/lib/db/schema";
import { isSigningRole } from "@/lib/esign/packages/package-content";

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * Who did an event. Senders, owners and hosts are recorded by their user id; a signer's actions
 * by the id of the role they sign as (shown as whoever the role names now); anything else (an
 * e-mail address for a bounce, a user since removed) stays as recorded.
 */
export type EventActor =
  | { kind: "user"; name: string; email: string }
  | { kind: "signer"; name: string; email: string; roleId: string; group: boolean }
  | { kind: "recorded"; sessionUser: string };

export interface PackageEvent {
  event: AuditEventRow;
  actor: EventActor;
  /** The sender a delegate did this for (audit_events.on_behalf_of), by name and e-mail. */
  onBehalfOf?: { name: string; email: string };
}

/** "On behalf of Name (e-mail)": how the trail, the history and the certificate say a delegate acted. */
export function onBehalfOfText(sender: { name: string; email: string }): string {
  return `On behalf of ${sender.name && sender.name !== sender.email ? `${sender.name} (${sender.email})` : sender.email}`;
}

interface StoredSigner {
  firstName?: string;
  lastName?: string;
  email?: string;
  group?: { name?: string; email?: string };
}

/** The users among `ids`, by id, with their full name and e-mail. */
export async function usersById(db: Queryable, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((user) => [user.id, { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }]));
}

/** The package's signing roles as actors: a group by its name and address. */
async function signerActors(db: Queryable, packageId: string): Promise<Map<string, EventActor>> {
  const rows = (await db.select({ id: roles.id, signs: roles.signs, signer: roles.signer }).from(roles).where(eq(roles.packageId, packageId))).filter(isSigningRole);
  return new Map(
    rows.map((role) => {
      const signer = (role.signer ?? {}) as StoredSigner;
      const actor: EventActor = signer.group
        ? { kind: "signer", roleId: role.id, group: true, name: (signer.group.name ?? "").trim(), email: (signer.group.email || signer.email || "").trim() }
        : { kind: "signer", roleId: role.id, group: false, name: `${signer.firstName ?? ""} ${signer.lastName ?? ""}`.trim(), email: (signer.email ?? "").trim() };
      return [role.id, actor];
    }),
  );
}

/**
 * The package's audit trail, oldest first, each event with who did it. Read by the evidence
 * summary (as a PDF) and by `GET /api/packages/{id}/audit` (as OneSpan's audit trail).
 */
export async function readPackageEvents(db: Queryable, packageId: string): Promise<PackageEvent[]> {
  const events = await db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(asc(auditEvents.id));
  const [people, signers] = await Promise.all([
    usersById(db, events.flatMap((event) => (event.onBehalfOf ? [event.sessionUser, event.onBehalfOf] : [event.sessionUser]))),
    signerActors(db, packageId),
  ]);
  return events.map((event) => {
    const user = people.get(event.sessionUser);
    const actor: EventActor = user
      ? { kind: "user", ...user }
      : (signers.get(event.sessionUser) ?? { kind: "recorded", sessionUser: event.sessionUser });
    const delegator = event.onBehalfOf ? (people.get(event.onBehalfOf) ?? { name: "", email: event.onBehalfOf }) : undefined;
    return delegator ? { event, actor, onBehalfOf: delegator } : { event, actor };
  });
}
