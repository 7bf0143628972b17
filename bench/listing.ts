/**
 * The listing benchmark: `GET /api/packages` over HTTP to the built server (`next start`) on a
 * large account: pages first to last of a few folders and orders, each right after a write (a
 * rename through the API), and the first request of each on a freshly started instance (and on one
 * with no package's list text stored); and the
 * first deep page ever of each order, which builds its buckets. Seeds with set-based SQL
 * (generate_series), not the API: one account
 * with a lister who owns most packages and 99 other senders who share the rest; each package has
 * two roles (a signer, the lister in 1 of 1,024, and the sender) and one document, as
 * createPackage would write them.
 *
 * Run from bench/run.ts (`npm run bench`), or alone: `npx tsx bench/listing.ts [pglite|postgres]`
 * (LISTING_PACKAGES overrides the size).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getDb, type Db } from "@/lib/db/client";
import { ServiceClient } from "@/e2e/support/service-client";
import { seedAccount, seedSender, type SeededAccount } from "@/tests/support/seed";
import { ENVIRONMENTS, runMain, type DatabaseKind } from "./environments";
import { SEEDED_SIGNER } from "./fixtures";
import { timesAnchor } from "./anchors";
import { judged, type BenchResult, type Measured } from "./results";
import { serve, type Served } from "./served";
import { measureLoop, percentile, round } from "./stats";

/** Packages seeded per database: PGlite seeds (and scans) in one WebAssembly thread, so fewer there. */
export function listingSize(kind: DatabaseKind): number {
  const override = Number(process.env.LISTING_PACKAGES);
  if (override > 0) return override;
  return kind === "postgres" ? 1_000_000 : 100_000;
}

const OTHER_SENDERS = 99;
const PAGE = 50;
const TARGET_MS = 20;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value: number) => `${round(value, 1)} ms`;

export interface ListingSeed {
  lister: SeededAccount;
  senders: SeededAccount[];
  /** Packages of the whole account, and of the lister. */
  total: number;
  listerOwns: number;
}

/**
 * `total` packages in one account: 90% the lister's, the rest spread over 99 senders. Statuses
 * spread as a busy account has them (most completed, a few drafts, some declined, expired,
 * deleted and trashed); names repeat (ties sort by id), a third have a due date, and `created`
 * comes in groups of four equal times.
 */
export async function seedListing(db: Db, total: number): Promise<ListingSeed> {
  const lister = await seedAccount("Bench lister");
  const senders: SeededAccount[] = [];
  for (let i = 0; i < OTHER_SENDERS; i++) senders.push(await seedSender(lister));
  const listerOwns = Math.round(total * 0.9);
  const senderIds = `{${senders.map((sender) => sender.userId).join(",")}}`;
  await db.execute(sql`
    insert into packages (id, account_id, owner_user_id, type, status, trashed, name, description, email_message, settings, data, due, created, updated, sent, completed)
    select left(md5(${lister.accountId} || g::text), 24), ${lister.accountId},
           case when g <= ${listerOwns} then ${lister.userId} else (${senderIds}::text[])[1 + g % ${OTHER_SENDERS}] end,
           'PACKAGE', s.status, (g * 7) % 100 = 3,
           'Contract ' || (g % 5000), 'Seeded for the listing benchmark', '',
           '{"ceremony": {"inPerson": false}}'::jsonb, jsonb_build_object('seq', g),
           -- Due dates ahead (spread over the year to come): a seeded SENT package past its due date would be
           -- expired by the running server's sweep during the benchmark, a write storm no real list sees.
           case when g % 3 = 0 then now() + interval '400 days' - (g / 4) * interval '1 minute' end,
           t.created, t.created + (g % 11) * interval '1 hour',
           case when s.status <> 'DRAFT' then t.created + interval '1 minute' end,
           -- Completed within the last 35 days, inside retention (RETENTION_DAYS, 90 by default): completed
           -- packages past it would be purged one by one by the sweep during the benchmark, as above.
           case when s.status in ('COMPLETED', 'ARCHIVED') then now() - (g % 50000) * interval '1 minute' end
    from generate_series(1, ${total}) as g
    cross join lateral (select now() - interval '40 days' - (g / 4) * interval '1 minute' as created) as t
    cross join lateral (select case
      when (g * 37) % 100 < 10 then 'DRAFT'
      when (g * 37) % 100 < 30 then 'SENT'
      when (g * 37) % 100 < 80 then 'COMPLETED'
      when (g * 37) % 100 < 84 then 'ARCHIVED'
      when (g * 37) % 100 < 87 then 'DECLINED'
      when (g * 37) % 100 < 88 then 'OPTED_OUT'
      when (g * 37) % 100 < 95 then 'EXPIRED'
      else 'DELETED' end as status) as s`);
  await db.execute(sql`
    insert into package_roles (package_id, id, position, index, type, signs, name, signer, signer_email)
    select p.id, r.id, r.position, r.index, r.type, r.type = 'SIGNER', r.name,
           ${SEEDED_SIGNER},
           r.email
    from packages p
    join users u on u.id = p.owner_user_id
    cross join lateral (values
      ('Signer1', 0, 1, 'SIGNER', 'Signer 1',
       case when hashtext(p.id) & 1023 = 0 then lower(${lister.email}) else 'signer' || (hashtext(p.id) & 1023) || '@example.test' end, 'Signer', 'One'),
      ('Owner', 1, 0, 'SENDER', 'Sam Sender', lower(u.email), 'Sam', 'Sender')
    ) as r(id, position, index, type, name, email, first_name, last_name)
    where p.account_id = ${lister.accountId}`);
  await db.execute(sql`
    insert into package_documents (package_id, id, position, index, name, blob_sha256, sealed_blob_sha256, file_name, size, pages)
    select p.id, 'doc1', 0, 0, 'Agreement', encode(sha256(convert_to(p.id, 'UTF8')), 'hex'),
           -- Completed packages are sealed: unsealed ones would each get a sealing job from the sweep.
           case when p.status in ('COMPLETED', 'ARCHIVED') then encode(sha256(convert_to(p.id || ' sealed', 'UTF8')), 'hex') end,
           'agreement.pdf', 1048576,
           '[{"index": 0, "width": 612, "height": 792}, {"index": 1, "width": 612, "height": 792}]'::jsonb
    from packages p
    where p.account_id = ${lister.accountId}`);
  // What autovacuum would soon do on the server (index-only scans need the visibility map); PGlite has no autovacuum.
  for (const table of ["packages", "package_roles", "package_documents"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const { rows } = (await db.execute(sql`select count(*)::int as owned from packages where owner_user_id = ${lister.userId}`)) as unknown as { rows: { owned: number }[] };
  const owned = rows[0].owned;
  return { lister, senders, total, listerOwns: owned };
}

interface Listed {
  count: number;
  /** Each package's id, and how many roles and documents it has. */
  results: { id: string; roles: number; documents: number }[];
}

/**
 * The bench's clients: its pages are asked and timed by bench/page-client.mjs, a plain Node
 * process of its own, as an integration meets the service (timed from this tsx process, which also
 * holds the server's output, the same deep page measured p95 48 ms against 34 ms: docs/benchmarks.md);
 * its writes go from here, untimed.
 */
class ListingClient {
  private readonly child: ChildProcess;
  private readonly answers: AsyncIterator<string>;

  constructor(
    baseUrl: string,
    apiKey: string,
    readonly service = ServiceClient.forKey(baseUrl, apiKey),
  ) {
    const environment = { ...process.env };
    delete environment.NODE_OPTIONS; // tsx's loader is not the client's
    this.child = spawn(process.execPath, [PAGE_CLIENT, baseUrl, apiKey], { stdio: ["pipe", "pipe", "inherit"], env: environment });
    // A client that died fails the next page (its answers end) instead of an unhandled EPIPE.
    this.child.on("error", (error) => log(`bench/page-client.mjs: ${error.message}`));
    this.child.stdin!.on("error", () => {});
    this.answers = readline.createInterface({ input: this.child.stdout! })[Symbol.asyncIterator]();
  }

  /** A page, with `ms` the time from the request to its answer's last byte (parsing it is not timed). */
  async list(query: string): Promise<Listed & { ms: number }> {
    this.child.stdin!.write(`/api/packages?${query}\n`);
    const { value, done } = await this.answers.next();
    if (done) throw new Error(`bench/page-client.mjs ended (exit code ${this.child.exitCode})`);
    const answer = JSON.parse(value as string) as Listed & { ms: number; status: number; error?: string };
    if (answer.status !== 200) throw new Error(`GET /api/packages?${query} answered ${answer.status}: ${answer.error}`);
    return answer;
  }

  stop(): void {
    this.child.stdin!.end();
  }
}

const PAGE_CLIENT = path.join(process.cwd(), "bench", "page-client.mjs");

/**
 * from of pages first to last of `count` packages: the first, the last, and pages at each eighth of
 * the list between them (deep ones start from a bucket, list-buckets.ts, whatever their depth).
 */
function pages(count: number): [label: string, from: number][] {
  const last = Math.max(1, count - PAGE + 1);
  const depths: [string, number][] = [["first", 1]];
  for (let eighth = 1; eighth < 8; eighth++) depths.push([`${eighth}/8`, Math.max(1, Math.floor((count * eighth) / 8) - PAGE / 2 + 1)]);
  depths.push(["last", last]);
  return depths;
}

/** Folders and orders: the API's default (the live folder, last updated first), then the console's tabs and sorts. */
const SCENARIOS: [label: string, query: string][] = [
  ["live folder, updated desc", ""],
  ["live folder, name asc", "sort=name&dir=asc&"],
  ["live folder, due desc", "sort=due&dir=desc&"],
  ["status SENT, created asc", "query=SENT&sort=created&dir=asc&"],
  ["drafts, status desc", "query=drafts&sort=status&dir=desc&"],
  ["trashed, updated desc", "query=trashed&"],
  // Packages out for the lister's signature (1 in 1,024 names them as signer), from every sender.
  ["inbox, updated desc", "query=inbox&"],
];

export async function listingBenchmark(kind: DatabaseKind, push: (result: BenchResult) => void, total = listingSize(kind)): Promise<void> {
  const db = await getDb();
  const seedStarted = performance.now();
  const seed = await seedListing(db, total);
  log(`${kind}: seeded ${total.toLocaleString("en")} packages (${seed.listerOwns.toLocaleString("en")} the lister's) in ${round((performance.now() - seedStarted) / 1000, 1)} s`);
  await sweepBenchmark(kind, total, push);
  // The sweep folded the seeding's list changes (a row per package and order) and deleted them.
  // Autovacuum clears such dead rows within a minute (migration 0034's table settings), but this
  // machine's PostgreSQL runs without it (CI), and the bucket search would step over about a
  // million dead index entries on every deep page (3 ms of its 4): do what autovacuum would.
  await db.execute(sql.raw("vacuum analyze package_list_changes"));
  let served = await serve();
  try {
    const client = new ListingClient(served.url, seed.lister.apiKey);
    try {
      await bucketBuildBenchmark(kind, client, push);
      await waitUntilSettled(served, kind);
      await pagesBenchmark(kind, client, total, push);
      await afterWriteBenchmark(kind, client, push);
    } finally {
      client.stop();
    }
    // A fresh instance: nothing of the lists is kept in the process, so its first deep pages cost what later ones do.
    served = await restartAndMeasureFresh(kind, served, seed.lister.apiKey, push, { dropListTexts: false });
    // Once more with no package's list text stored (lib/esign/packages/list-texts.ts): what a page
    // costs the first time it shows its packages, or after every one of them changed.
    served = await restartAndMeasureFresh(kind, served, seed.lister.apiKey, push, { dropListTexts: true, also: "no list texts stored" });
  } finally {
    await served.stop();
  }
}

function pushPercentiles(kind: DatabaseKind, push: (result: BenchResult) => void, benchmark: string, samples: number[], extra: Record<string, number> = {}, summarySuffix = "") {
  const metrics = { ...extra, requests: samples.length, p50Ms: round(percentile(samples, 50), 1), p95Ms: round(percentile(samples, 95), 1), maxMs: round(Math.max(...samples), 1) };
  push(
    judged({
      benchmark,
      database: kind,
      metrics,
      summary: `p50 ${ms(metrics.p50Ms)}, p95 ${ms(metrics.p95Ms)}, max ${ms(metrics.maxMs)} (n=${metrics.requests})${summarySuffix}`,
      target: { metric: "p95Ms", below: TARGET_MS, text: `p95 < ${TARGET_MS} ms` },
    } satisfies Measured),
  );
  log(`${kind}: ${benchmark}: p50 ${ms(metrics.p50Ms)}, p95 ${ms(metrics.p95Ms)}, max ${ms(metrics.maxMs)} (n=${samples.length})${summarySuffix}`);
}

/**
 * A page, checked: as many results as its count leaves from `from` on, each with its roles and
 * document.
 */
async function checkedList(client: ListingClient, base: string, from: number, count: number): Promise<Listed & { ms: number }> {
  const query = `${base}from=${from}&to=${from + PAGE - 1}`;
  const page = await client.list(query);
  const expected = Math.max(0, Math.min(PAGE, page.count - from + 1));
  if (Math.abs(page.count - count) > count / 10 || page.results.length !== expected || page.results.some((p) => p.roles !== 2 || p.documents !== 1)) {
    throw new Error(`${query}: count ${page.count} (expected about ${count}), ${page.results.length} results (expected ${expected})`);
  }
  return page;
}

/**
 * The first deep page of each order ever read builds that order's buckets, once, in the database
 * (every instance then shares them): timed, but not held to the pages' target.
 */
async function bucketBuildBenchmark(kind: DatabaseKind, client: ListingClient, push: (result: BenchResult) => void) {
  for (const [label, base] of SCENARIOS) {
    if (base.includes("inbox")) continue;
    const { count } = await client.list(`${base}from=1&to=1`);
    const from = Math.floor(count / 2);
    const metrics = { count, buildMs: round((await checkedList(client, base, from, count)).ms, 1) };
    push(judged({ benchmark: `List ${PAGE}: first deep page ever of ${label} (${count.toLocaleString("en")}; builds its buckets)`, database: kind, metrics, summary: ms(metrics.buildMs), target: null }));
    log(`${kind}: first deep page ever of ${label}: ${ms(metrics.buildMs)}`);
  }
}

/**
 * Waits until the server has finished what the first deep pages left running behind their
 * answers (each order's buckets, built one after the other: seconds each at 1,000,000), so that
 * the pages measured next are not measured beside them: its processes idle for a second and, on
 * PostgreSQL, none of its statements running.
 */
async function waitUntilSettled(served: Served, kind: DatabaseKind): Promise<void> {
  const started = performance.now();
  const admin = kind === "postgres" ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : undefined;
  await admin?.connect();
  try {
    for (let quiet = 0; quiet < 2; ) {
      if (performance.now() - started > SETTLE_LIMIT_MS) {
        log(`${kind}: the server was still busy ${SETTLE_LIMIT_MS / 1000} s after the first deep pages; measuring anyway`);
        return;
      }
      const before = cpuTicksOfGroup(served.server.child.pid!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const busy = cpuTicksOfGroup(served.server.child.pid!) - before > 5; // more than 50 ms of CPU in 500
      const running = admin
        ? (await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'signet' and state = 'active'")).rows[0].n
        : 0;
      quiet = busy || running > 0 ? 0 : quiet + 1;
    }
  } finally {
    await admin?.end();
  }
  log(`${kind}: the server settled ${round((performance.now() - started) / 1000, 1)} s after the first deep pages`);
}

const SETTLE_LIMIT_MS = 180_000;

/** CPU time (user and system, in clock ticks) of the processes of a process group (the server is started as one). */
function cpuTicksOfGroup(groupId: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

async function pagesBenchmark(kind: DatabaseKind, client: ListingClient, total: number, push: (result: BenchResult) => void): Promise<void> {
  for (const [label, base] of SCENARIOS) {
    const { count } = await client.list(`${base}from=1&to=1`);
    const all: number[] = [];
    const perDepth: string[] = [];
    for (const [where, from] of pages(count)) {
      await checkedList(client, base, from, count);
      for (let i = 0; i < 2; i++) await client.list(`${base}from=${from}&to=${from + PAGE - 1}`); // warm-up
      const { samples } = await measureLoop({
        minIterations: 10,
        maxIterations: 100,
        budgetMs: 1_000,
        prepare: () => undefined,
        body: async () => (await client.list(`${base}from=${from}&to=${from + PAGE - 1}`)).ms,
      });
      all.push(...samples);
      perDepth.push(`${where} ${ms(percentile(samples, 50))}`);
    }
    log(`${kind}: ${label}, p50 by depth: ${perDepth.join(", ")}`);
    pushPercentiles(kind, push, `List ${PAGE}: pages first to last (${pages(count).length} depths) of ${count.toLocaleString("en")}, ${label} (${total.toLocaleString("en")} in the account)`, all, { count });
  }
}

/**
 * Pages first to last, each right after a write that moved one of the lister's packages (a rename
 * through the API, untimed), in the folders and orders the rename moves it in; beside them, its
 * anchor: the same pages read once each with no write before them. The pages' target is the
 * same with or without a write; the anchor tells what the write adds (its rows' changes pending in
 * the buckets, list-buckets.ts) from what reading each page once costs. The two passes alternate
 * which goes first, so each finds the pages as warm as the other does.
 */
async function afterWriteBenchmark(kind: DatabaseKind, client: ListingClient, push: (result: BenchResult) => void) {
  const renamed = (await client.list("query=drafts&from=1&to=1")).results[0]!.id;
  let writes = 0;
  for (const [label, base] of SCENARIOS.slice(0, 3)) {
    const { count } = await client.list(`${base}from=1&to=1`);
    const depths = pages(count);
    const afterWrite: number[] = [];
    const noWrite: number[] = [];
    const writeThenRead = async () => {
      for (const [, from] of depths) {
        const response = await client.service.call("PUT", `/api/packages/${renamed}`, { name: `Renamed ${writes++}` });
        if (!response.ok) throw new Error(`PUT /api/packages/${renamed} answered ${response.status}: ${await response.text()}`);
        afterWrite.push((await checkedList(client, base, from, count)).ms);
      }
    };
    const readOnly = async () => {
      for (const [, from] of depths) noWrite.push((await checkedList(client, base, from, count)).ms);
    };
    for (let pass = 0; pass < 6; pass++) {
      if (pass % 2 === 0) await writeThenRead().then(readOnly);
      else await readOnly().then(writeThenRead);
    }
    const anchor = {
      anchorP50Ms: round(percentile(noWrite, 50), 1),
      anchorP95Ms: round(percentile(noWrite, 95), 1),
      p50TimesAnchor: timesAnchor(percentile(afterWrite, 50), percentile(noWrite, 50)),
      p95TimesAnchor: timesAnchor(percentile(afterWrite, 95), percentile(noWrite, 95)),
    };
    pushPercentiles(
      kind,
      push,
      `List ${PAGE}: pages first to last of ${count.toLocaleString("en")} right after a write, ${label}`,
      afterWrite,
      { count, ...anchor },
      `; anchor: each page once with no write, p50 ${ms(anchor.anchorP50Ms)}, p95 ${ms(anchor.anchorP95Ms)} (${anchor.p50TimesAnchor}× / ${anchor.p95TimesAnchor}×)`,
    );
  }
}

/** Packages of the small embedded instance (smallInstanceBenchmark). */
const SMALL_INSTANCE_PACKAGES = 20_000;

/**
 * A small embedded instance, in a data folder of its own: PostgreSQL's plans depend on the tables'
 * sizes, and one statement (storing a page's list texts) read every package at a few thousand
 * packages but not at the suite's 100,000 (docs/benchmarks.md, twenty-first session). The first
 * deep page ever of each order, then, on a fresh instance with no list texts stored, the first
 * request of each page.
 */
export async function smallInstanceBenchmark(kind: DatabaseKind, push: (result: BenchResult) => void): Promise<void> {
  const seed = await seedListing(await getDb(), SMALL_INSTANCE_PACKAGES);
  let served = await serve();
  try {
    const client = new ListingClient(served.url, seed.lister.apiKey);
    try {
      await bucketBuildBenchmark(kind, client, push);
      await waitUntilSettled(served, kind);
    } finally {
      client.stop();
    }
    served = await restartAndMeasureFresh(kind, served, seed.lister.apiKey, push, {
      dropListTexts: true,
      also: `no list texts stored, ${SMALL_INSTANCE_PACKAGES.toLocaleString("en")} packages in a data folder of their own`,
    });
  } finally {
    await served.stop();
  }
}

/**
 * Stops `served` and starts the server again, with every stored list text deleted in between if
 * `dropListTexts` (the server stopped: PGlite admits one process), then measures the fresh
 * instance's first pages. Answers the new instance, for the caller to stop (stopped here if the
 * measuring fails).
 */
async function restartAndMeasureFresh(
  kind: DatabaseKind,
  served: Served,
  apiKey: string,
  push: (result: BenchResult) => void,
  { dropListTexts, also }: { dropListTexts: boolean; also?: string },
): Promise<Served> {
  await served.stop();
  if (dropListTexts) await (await getDb()).execute(sql`delete from package_list_texts`);
  const fresh = await serve();
  const client = new ListingClient(fresh.url, apiKey);
  try {
    await freshInstanceBenchmark(kind, client, push, also);
    return fresh;
  } catch (error) {
    await fresh.stop();
    throw error;
  } finally {
    client.stop();
  }
}

/** On a freshly started instance (its first list call answered), the first request of each page first to last. */
async function freshInstanceBenchmark(kind: DatabaseKind, client: ListingClient, push: (result: BenchResult) => void, also?: string) {
  const samples: number[] = [];
  for (const [, base] of SCENARIOS) {
    const { count } = await client.list(`${base}from=1&to=1`);
    for (const [, from] of pages(count)) {
      samples.push((await checkedList(client, base, from, count)).ms);
    }
  }
  pushPercentiles(kind, push, `List ${PAGE}: first request of each page first to last on a freshly started instance${also ? `, ${also}` : ""} (${SCENARIOS.length} folders and orders)`, samples);
}

/**
 * The minute sweep (lib/jobs/due-work-job.ts: expiry, reminders, retention, sealing left behind,
 * the counts' and lists' upkeep) over the seeded account when nothing is due: what every instance
 * pays each minute whatever the history. Run in process, as the job's worker runs it.
 */
async function sweepBenchmark(kind: DatabaseKind, total: number, push: (result: BenchResult) => void) {
  const { dueWorkJob } = await import("@/lib/jobs/due-work-job");
  const sweep = () => dueWorkJob.handle(undefined as never, { id: "bench", retryCount: 0, retryLimit: 0, isLastAttempt: true });
  await sweep(); // the first also folds what seeding left behind
  const { samples } = await measureLoop({ minIterations: 3, maxIterations: 5, budgetMs: 5_000, prepare: () => undefined, body: sweep });
  const metrics = { runs: samples.length, p50Ms: round(percentile(samples, 50), 1), maxMs: round(Math.max(...samples), 1) };
  push(
    judged({
      benchmark: `Minute sweep with nothing due, ${total.toLocaleString("en")} packages in the database`,
      database: kind,
      metrics,
      summary: `p50 ${ms(metrics.p50Ms)}, max ${ms(metrics.maxMs)} (n=${metrics.runs})`,
      target: null,
    }),
  );
  log(`${kind}: minute sweep with nothing due: p50 ${ms(metrics.p50Ms)}, max ${ms(metrics.maxMs)}`);
}

async function main() {
  process.env.SIGNET_SECRET ||= "bench-secret-not-for-production";
  const only = process.argv[2] as DatabaseKind | undefined;
  const results: BenchResult[] = [];
  for (const [kind, environment] of ENVIRONMENTS) {
    if (only && only !== kind) continue;
    await environment(() => listingBenchmark(kind, (result) => results.push(result)));
  }
  for (const result of results) console.log(`${result.database.padEnd(8)} ${result.status.padEnd(5)} ${result.benchmark}: ${result.summary}`);
  return 0;
}

if (process.argv[1]?.endsWith("listing.ts")) runMain(main);
