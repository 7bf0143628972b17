import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/esign/clock";
import { reminderClaim } from "@/lib/esign/reminders/send-due-reminder";
import { awaitingSealQuery } from "@/lib/esign/sealing/queue-unsealed-packages";
import { expiryClaim } from "@/lib/esign/time-based/expire-packages";
import { retentionClaim } from "@/lib/esign/time-based/purge-packages";
import { seedAccount } from "../support/seed";
import { hashStoredAnswers, rolesWithPlainAnswers } from "@/lib/esign/signing/authentication/hash-stored-answers";
import { explainAnalyze, planNodes, rowsReadFrom, type PlanNode } from "../support/query-plan";

const HISTORY = 4000;

/** The scans of `table` in the plan: which index each used (none: a sequential scan). */
function scansOf(plan: PlanNode, table: string): string[] {
  return planNodes(plan)
    .filter((node) => node["Relation Name"] === table)
    .map((node) => node["Index Name"] ?? node["Node Type"]);
}

describe("the minute sweep over a long history", () => {
  it("finds what is due from the sweep's own indexes, reading no package that is not", async () => {
    // A history nothing of which is due: SENT packages with their due date ahead and their
    // reminders sent or ahead, completed packages within retention and sealed.
    const owner = await seedAccount();
    const db = await getDb();
    await db.execute(sql`
      insert into packages (id, account_id, owner_user_id, type, status, name, due, created, updated, sent, completed)
      select 'sweep-' || ${owner.accountId} || '-' || g, ${owner.accountId}, ${owner.userId}, 'PACKAGE',
             case when g % 2 = 0 then 'SENT' else 'COMPLETED' end, 'History ' || g,
             case when g % 2 = 0 then now() + interval '30 days' end,
             now() - interval '40 days', now() - interval '20 days', now() - interval '40 days',
             case when g % 2 = 1 then now() - (g % 30) * interval '1 day' end
      from generate_series(1, ${HISTORY}) as g`);
    await db.execute(sql`
      insert into reminders (package_id, date, sent_date)
      select id, now() - interval '5 days', now() - interval '5 days' from packages where account_id = ${owner.accountId} and status = 'SENT'
      union all
      select id, now() + interval '5 days', null from packages where account_id = ${owner.accountId} and status = 'SENT'`);
    await db.execute(sql`analyze packages`);
    await db.execute(sql`analyze reminders`);

    const at = now();
    const plans = {
      expiry: await explainAnalyze(expiryClaim(db, at)),
      reminders: await explainAnalyze(reminderClaim(db, at, [])),
      retention: await explainAnalyze(retentionClaim(db, at)),
      awaitingSeal: await explainAnalyze(awaitingSealQuery(db, at)),
    };
    expect(scansOf(plans.expiry, "packages")).toEqual(["packages_sweep_expiry_idx"]);
    expect(scansOf(plans.retention, "packages")).toEqual(["packages_sweep_retention_idx"]);
    expect(scansOf(plans.awaitingSeal, "packages")).toEqual(["packages_sweep_awaiting_seal_idx"]);
    // Reminders: from the pending ones due; a package is read only for a reminder found.
    expect(scansOf(plans.reminders, "reminders")).toEqual(["reminders_pending_idx"]);
    expect(scansOf(plans.reminders, "packages").every((scan) => scan === "packages_pkey")).toBe(true);
  });
});

describe("a start over a long history", () => {
  it("looks for security answers stored as given in their own index, reading no role that holds none", async () => {
    // Signer roles with questions, every answer hashed (as stored since answers were hashed), and one stored as given.
    const owner = await seedAccount();
    const db = await getDb();
    await db.execute(sql`
      insert into packages (id, account_id, owner_user_id, type, status, name, created, updated)
      select 'answers-' || ${owner.accountId} || '-' || g, ${owner.accountId}, ${owner.userId}, 'PACKAGE', 'SENT', 'History ' || g, now(), now()
      from generate_series(1, ${HISTORY}) as g`);
    await db.execute(sql`
      insert into package_roles (package_id, id, position, index, type, signs, signer_email, signer)
      select 'answers-' || ${owner.accountId} || '-' || g, 'Signer1', 0, 1, 'SIGNER', true, 'signer' || g || '@example.com',
             jsonb_build_object('auth', jsonb_build_object('scheme', 'CHALLENGE', 'challenges', jsonb_build_array(
               case when g = 1 then jsonb_build_object('question', 'Pet?', 'answer', 'Rex')
                    else jsonb_build_object('question', 'Pet?', 'answerHash', 'hashed') end)))
      from generate_series(1, ${HISTORY}) as g`);
    await db.execute(sql`analyze package_roles`);

    const plan = await explainAnalyze(rolesWithPlainAnswers(db));
    // An index scan, or a bitmap scan whose bitmap comes from the index; never a read of every role.
    expect(scansOf(plan, "package_roles")).not.toContain("Seq Scan");
    expect(planNodes(plan).map((node) => node["Index Name"]).filter(Boolean)).toEqual(["package_roles_plain_answers_idx"]);
    expect(rowsReadFrom(plan, "package_roles")).toBe(1);
    // Once hashed, the role leaves the index: the next start finds nothing, reading nothing.
    expect(await hashStoredAnswers(db)).toBe(1);
    expect(rowsReadFrom(await explainAnalyze(rolesWithPlainAnswers(db)), "package_roles")).toBe(0);
  });
});
