import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import type { CallbackEvent } from "./payload";

/**
 * The statements of the delivery hot path, each one round trip for many deliveries: which
 * deliveries head their package, claiming heads together with what their attempts need, and
 * recording delivered attempts. A package's head, for each destination (the main registration, each
 * connector), is its PENDING delivery of the earliest event; a delivery without a package is its
 * own head. Only a head is ever claimed, so a package's events go out in order to each destination.
 */

async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * A VALUES list of ids. Its row count is exact to the planner (a set-returning function over one
 * JSON parameter is guessed at 100 rows), so a small batch is looked up by primary key even where
 * the tables have no statistics (PGlite is never analysed).
 */
const idValues = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`(${id}::text)`),
    sql`, `,
  );

export interface DeliveryHead {
  id: string;
  /** When it may be attempted (ms since the epoch). */
  nextAttemptMs: number;
  /** Leased by a worker (here or in another instance) until after `at`. */
  held: boolean;
}

/** The heads of the packages of these deliveries (and those of them without a package, still PENDING). */
export async function headsOf(db: Queryable, deliveryIds: string[], at: Date): Promise<DeliveryHead[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await rowsOf<{ id: string; next_attempt_ms: number; held: boolean }>(
    db,
    sql`with jobs as (select distinct id from (values ${idValues(deliveryIds)}) as asked(id)),
      packages as (
        select distinct d.account_id, d.package_id, d.connector from callback_deliveries d join jobs on jobs.id = d.id where d.package_id is not null
      )
      select h.id, (extract(epoch from h.next_attempt_at) * 1000)::float8 as next_attempt_ms,
        (h.lease_until is not null and h.lease_until >= ${timestamp(at)}) as held
      from (
        select d.id, d.next_attempt_at, d.lease_until from callback_deliveries d join jobs on jobs.id = d.id
        where d.package_id is null and d.status = 'PENDING'
        union all
        select head.id, head.next_attempt_at, head.lease_until from packages p cross join lateral (
          select d.id, d.next_attempt_at, d.lease_until from callback_deliveries d
          where d.account_id = p.account_id and d.package_id = p.package_id and d.connector = p.connector and d.status = 'PENDING'
          order by d.event_id, d.created limit 1
        ) head
      ) h`,
  );
  return rows.map((row) => ({ id: row.id, nextAttemptMs: Number(row.next_attempt_ms), held: row.held }));
}

/** A delivery held by this worker, with its event and its destination's registration (main or connector) as they are now. */
export interface ClaimedDelivery {
  id: string;
  accountId: string;
  packageId: string | null;
  /** Its destination: a connector's name, empty for the main registration. */
  connector: string;
  eventName: string;
  url: string;
  /** Attempts made before this one. */
  attempts: number;
  event: CallbackEvent;
  /** The destination's url and encrypted key; url null when it has none any more. */
  registration: { url: string | null; encryptedKey: string | null };
}

interface ClaimRow {
  id: string;
  account_id: string;
  package_id: string | null;
  connector: string;
  event_name: string;
  url: string;
  attempts: number;
  name: string;
  session_user: string;
  document_id: string | null;
  message: string | null;
  new_role_id: string | null;
  event_package_id: string | null;
  event_created_ms: number;
  registration_url: string | null;
  encrypted_key: string | null;
}

/**
 * Leases, for each of `deliveryIds`, the head of its package (the delivery itself, without a
 * package) until `leaseUntil`, when it is due and no other worker holds it; answers the claimed
 * ones by the id they were asked for. The heads are found in this statement: a head ended
 * meanwhile by another worker fails its claim (its end then claims the next). Ids of one package
 * claim its head once.
 */
export async function claimHeads(db: Queryable, deliveryIds: string[], at: Date, leaseUntil: Date): Promise<Map<string, ClaimedDelivery>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await rowsOf<ClaimRow & { for_id: string }>(
    db,
    sql`with asked as (select distinct for_id from (values ${idValues(deliveryIds)}) as ids(for_id)),
      target as (
        select distinct on (head_id) head_id, for_id from (
          select asked.for_id, coalesce(
            (select head.id from callback_deliveries x cross join lateral (
                select d.id from callback_deliveries d
                where d.account_id = x.account_id and d.package_id = x.package_id and d.connector = x.connector and d.status = 'PENDING'
                order by d.event_id, d.created limit 1
              ) head
              where x.id = asked.for_id and x.package_id is not null),
            (select x.id from callback_deliveries x where x.id = asked.for_id and x.package_id is null)
          ) as head_id
          from asked
        ) heads
        where head_id is not null
        order by head_id, for_id
      ),
      claimed as (
        update callback_deliveries d set lease_until = ${timestamp(leaseUntil)} from target
        where d.id = target.head_id and d.status = 'PENDING' and d.next_attempt_at <= ${timestamp(at)}
          and (d.lease_until is null or d.lease_until < ${timestamp(at)})
        returning target.for_id, d.id, d.account_id, d.package_id, d.connector, d.event_id, d.event_name, d.url, d.attempts
      )
      select c.for_id, c.id, c.account_id, c.package_id, c.connector, c.event_name, c.url, c.attempts,
        e.name, e.session_user, e.document_id, e.message, e.new_role_id, e.package_id as event_package_id,
        (extract(epoch from e.created) * 1000)::float8 as event_created_ms,
        case when c.connector = '' then r.url else k.url end as registration_url,
        case when c.connector = '' then r.encrypted_key else k.encrypted_key end as encrypted_key
      from claimed c join audit_events e on e.id = c.event_id
      left join callback_registrations r on r.account_id = c.account_id and c.connector = ''
      left join callback_connectors k on k.account_id = c.account_id and k.name = c.connector and c.connector <> ''`,
  );
  return new Map(
    rows.map((row) => [
      row.for_id,
      {
        id: row.id,
        accountId: row.account_id,
        packageId: row.package_id,
        connector: row.connector,
        eventName: row.event_name,
        url: row.url,
        attempts: Number(row.attempts),
        event: {
          name: row.name,
          sessionUser: row.session_user,
          packageId: row.event_package_id,
          message: row.message,
          documentId: row.document_id,
          newRoleId: row.new_role_id,
          created: new Date(Math.round(Number(row.event_created_ms))),
        },
        registration: { url: row.registration_url, encryptedKey: row.encrypted_key },
      },
    ]),
  );
}

/** A successful attempt, to be logged with its delivery marked DELIVERED. */
export interface DeliveredAttempt {
  deliveryId: string;
  attemptedAt: Date;
  statusCode: number;
  latencyMs: number;
  responseExcerpt: string | null;
}

/**
 * Logs successful attempts and marks their deliveries DELIVERED, in one statement. Answers the
 * ids that changed: one no longer PENDING was cancelled meanwhile (its attempt is logged, its
 * status stays).
 */
export async function recordDelivered(db: Queryable, attempts: DeliveredAttempt[], at: Date): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = attempts.map(
    (attempt) =>
      sql`(${attempt.deliveryId}::text, ${timestamp(attempt.attemptedAt)}, ${attempt.statusCode}::integer, ${attempt.latencyMs}::integer, ${attempt.responseExcerpt}::text)`,
  );
  const changed = await rowsOf<{ id: string }>(
    db,
    sql`with input (id, attempted_at, status_code, latency_ms, response_excerpt) as (values ${sql.join(rows, sql`, `)}),
      attempt as (
        insert into callback_attempts (delivery_id, attempted_at, status_code, latency_ms, error, response_excerpt)
        select id, attempted_at, status_code, latency_ms, null, response_excerpt from input
      )
      update callback_deliveries d set status = 'DELIVERED', attempts = d.attempts + 1, last_status_code = input.status_code,
        last_error = null, lease_until = null, next_attempt_at = ${timestamp(at)}, delivered_at = ${timestamp(at)}
      from input
      where d.id = input.id and d.status = 'PENDING'
      returning d.id`,
  );
  return new Set(changed.map((row) => row.id));
}
