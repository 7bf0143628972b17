import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvals, packages } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedManager, seedSender, type SeededAccount } from "../support/seed";

type Json = Record<string, unknown>;
interface PackageReport {
  id: string;
  name: string;
  status: string;
  trashed: boolean;
  documents: { id: string; name: string; completed: boolean; firstSigned?: string }[];
  signers: { id: string; email: string; completed: boolean }[];
}
interface CompletionReport {
  from: string;
  to: string;
  senders: { sender: { id: string; email: string }; packages: PackageReport[] }[];
}
interface UsageReport {
  from: string;
  to: string;
  senders: { sender: { id: string }; packages: Record<string, number> }[];
}

const FROM = "2026-03-01T00:00:00Z";
const TO = "2026-03-31T23:59:59Z";
const range = `from=${FROM}&to=${TO}`;

let owner: SeededAccount;
let sender: SeededAccount;
/** Package ids by name. */
const ids: Record<string, string> = {};

/** A draft of `who`, then put in `status` (and the trash), last changed at `updated`: the report reads what the database holds. */
async function seedPackage(who: SeededAccount, name: string, changes: { status?: string; trashed?: boolean; updated: string; sent?: string }) {
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: who.apiKey, json: { name } });
  const db = await getDb();
  await db
    .update(packages)
    .set({ status: changes.status ?? "DRAFT", trashed: changes.trashed ?? false, updated: new Date(changes.updated), sent: changes.sent ? new Date(changes.sent) : null })
    .where(eq(packages.id, id));
  ids[name] = id;
}

beforeAll(async () => {
  owner = await seedAccount("Reports account");
  sender = await seedSender(owner);
  await seedPackage(owner, "Owner draft", { updated: "2026-03-02T10:00:00Z" });
  await seedPackage(owner, "Owner sent", { status: "SENT", updated: "2026-03-03T10:00:00Z", sent: "2026-03-03T10:00:00Z" });
  await seedPackage(owner, "Owner completed", { status: "COMPLETED", updated: "2026-03-04T10:00:00Z", sent: "2026-03-01T10:00:00Z" });
  await seedPackage(owner, "Owner trashed draft", { trashed: true, updated: "2026-03-05T10:00:00Z" });
  await seedPackage(owner, "Owner old draft", { updated: "2026-02-10T10:00:00Z" });
  await seedPackage(sender, "Sender draft", { updated: "2026-03-10T10:00:00Z" });
  await seedPackage(sender, "Sender declined", { status: "DECLINED", updated: "2026-03-11T10:00:00Z", sent: "2026-03-09T10:00:00Z" });
  await seedPackage(sender, "Sender \"quoted\", =formula", { status: "SENT", updated: "2026-03-12T10:00:00Z", sent: "2026-03-12T10:00:00Z" });
});

const completion = (who: SeededAccount, query: string) => callJson<CompletionReport>("GET", `/api/reports/completion?${query}`, { key: who.apiKey });
const namesOf = (report: CompletionReport) => report.senders.flatMap((entry) => entry.packages.map((pkg) => pkg.name)).sort();

describe("GET /api/reports/completion", () => {
  it("lists each sender's packages of the range for the owner, and one status or one sender when asked", async () => {
    const all = await completion(owner, range);
    expect(all.from).toBe("2026-03-01T00:00:00.000Z");
    expect(all.to).toBe("2026-03-31T23:59:59.000Z");
    expect(all.senders.map((entry) => entry.sender.id).sort()).toEqual([owner.userId, sender.userId].sort());
    // The old draft is out of the range.
    expect(namesOf(all)).toEqual(["Owner completed", "Owner draft", "Owner sent", "Owner trashed draft", "Sender \"quoted\", =formula", "Sender declined", "Sender draft"].sort());

    // DRAFT leaves the trashed draft out; TRASHED is the trash.
    expect(namesOf(await completion(owner, `${range}&status=DRAFT`))).toEqual(["Owner draft", "Sender draft"]);
    expect(namesOf(await completion(owner, `${range}&status=TRASHED`))).toEqual(["Owner trashed draft"]);
    const sent = await completion(owner, `${range}&status=SENT&senderId=${sender.userId}`);
    expect(sent.senders).toHaveLength(1);
    expect(sent.senders[0].sender).toMatchObject({ id: sender.userId, email: sender.email });
    expect(sent.senders[0].packages.map((pkg) => [pkg.id, pkg.status, pkg.trashed])).toEqual([[ids["Sender \"quoted\", =formula"], "SENT", false]]);

    // A sender asked for by id with nothing in the range is still there, with no packages.
    const none = await completion(owner, `${range}&status=EXPIRED&senderId=${owner.userId}`);
    expect(none.senders).toEqual([{ sender: expect.objectContaining({ id: owner.userId }), packages: [] }]);
  });

  it("gives each package its documents and signers with how far they got, and leaves them out for summary=true", async () => {
    const id = await createPackageWithFiles(sender.apiKey, packagePayload({ name: "With documents", signers: 2, documents: ["Agreement", "Annex"] }));
    const db = await getDb();
    await db.update(packages).set({ updated: new Date("2026-03-20T10:00:00Z") }).where(eq(packages.id, id));
    // The one signature of the Agreement is signed: that document is done, the Annex is not.
    await db.update(approvals).set({ signed: new Date("2026-03-20T09:00:00Z") }).where(and(eq(approvals.packageId, id), eq(approvals.documentId, "doc1")));

    const report = await completion(sender, `${range}&status=DRAFT`);
    const pkg = report.senders[0].packages.find((candidate) => candidate.id === id)!;
    const agreement = pkg.documents.find((document) => document.id === "doc1")!;
    expect(agreement).toMatchObject({ name: "Agreement", completed: true, firstSigned: "2026-03-20T09:00:00.000Z", lastSigned: "2026-03-20T09:00:00.000Z" });
    expect(pkg.documents.find((document) => document.id === "doc2")).toMatchObject({ name: "Annex", completed: false });
    expect(pkg.signers.map((signer) => signer.email).sort()).toEqual(["signer1@example.test", "signer2@example.test"]);
    expect(pkg.signers.every((signer) => signer.completed === false)).toBe(true);

    const summary = await completion(sender, `${range}&status=DRAFT&summary=true`);
    expect(summary.senders[0].packages.find((candidate) => candidate.id === id)).toMatchObject({ documents: [], signers: [] });
    await db.delete(packages).where(inArray(packages.id, [id]));
  });

  it("lets a plain sender read only their own report: another sender's is a 403", async () => {
    const own = await completion(sender, range);
    expect(own.senders.map((entry) => entry.sender.id)).toEqual([sender.userId]);
    expect(namesOf(own)).toEqual(["Sender \"quoted\", =formula", "Sender declined", "Sender draft"].sort());
    expect((await completion(sender, `${range}&senderId=${sender.userId}`)).senders).toHaveLength(1);

    const refused = await call("GET", `/api/reports/completion?${range}&senderId=${owner.userId}`, { key: sender.apiKey });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 403, messageKey: "error.forbidden.noPermission" });
    // The usage report too.
    expect((await call("GET", `/api/reports/usage?${range}&senderId=${owner.userId}`, { key: sender.apiKey })).status).toBe(403);
  });

  it("lets a manager (reports.view) read every sender, and answers 404 for a sender of another account", async () => {
    const manager = await seedManager(owner);
    expect(namesOf(await completion(manager, range))).toHaveLength(7);
    const stranger = await seedAccount();
    const missing = await call("GET", `/api/reports/completion?${range}&senderId=${stranger.userId}`, { key: owner.apiKey });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ messageKey: "error.notFound.senderNotFound" });
  });

  it("answers a clear 400 for a date, a range or a status it cannot read", async () => {
    for (const [query, key, words] of [
      ["from=yesterday&to=2026-03-31T00:00:00Z", "error.validation.reportDate", "Invalid from date"],
      ["from=2026-03-01T00:00:00Z&to=2026-02-30T00:00:00Z", "error.validation.reportDate", "Invalid to date"],
      ["from=2026-03-01&to=2026-13-01", "error.validation.reportDate", "Invalid to date"],
      ["from=2026-03-31T00:00:00Z&to=2026-03-01T00:00:00Z", "error.validation.reportRange", "after its to date"],
      ["from=2024-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", "error.validation.reportRange", "at most 366 days"],
      [`${range}&status=SIGNED`, "error.validation.reportStatus", "Invalid status"],
    ] as const) {
      const response = await call("GET", `/api/reports/completion?${query}`, { key: owner.apiKey });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as Json;
      expect(body, query).toMatchObject({ code: 400, name: "Bad Request", messageKey: key });
      expect(String(body.message), query).toContain(words);
    }
    // Dates alone: the whole days, in UTC; an offset is read as given.
    const days = await completion(owner, "from=2026-03-02&to=2026-03-03");
    expect([days.from, days.to]).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-03T23:59:59.999Z"]);
    expect(namesOf(days)).toEqual(["Owner draft", "Owner sent"]);
    expect((await completion(owner, "from=2026-03-02T12:00:00%2B02:00&to=2026-03-03T12:00:00%2B02:00")).from).toBe("2026-03-02T10:00:00.000Z");
  });

  it("answers CSV for Accept: text/csv, a header and one quoted row per package", async () => {
    const response = await call("GET", `/api/reports/completion?${range}`, { key: owner.apiKey, headers: { accept: "text/csv" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // No Content-Disposition: the Java SDK reads such an answer as a file, not as the String its report methods return.
    expect(response.headers.get("content-disposition")).toBeNull();
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1 + 7);
    expect(lines[0]).toMatch(/^"Sender ID","Sender email",.*"Package ID","Package name","Status"/);
    const quoted = lines.find((line) => line.includes(ids["Sender \"quoted\", =formula"]))!;
    // Quotes doubled, the comma kept inside its cell; a name that starts like a formula would get an apostrophe.
    expect(quoted).toContain(`"${ids["Sender \"quoted\", =formula"]}","Sender ""quoted"", =formula","SENT","false"`);
    // JSON stays the default, and wins a tie it comes first in.
    expect((await call("GET", `/api/reports/completion?${range}`, { key: owner.apiKey, headers: { accept: "application/json, text/csv" } })).headers.get("content-type")).toContain("application/json");
  });
});

describe("GET /api/reports/usage", () => {
  it("counts each sender's packages of the range by category, zeros included", async () => {
    const report = await callJson<UsageReport>("GET", `/api/reports/usage?${range}`, { key: owner.apiKey });
    const bySender = Object.fromEntries(report.senders.map((entry) => [entry.sender.id, entry.packages]));
    expect(bySender[owner.userId]).toEqual({ active: 1, draft: 1, sent: 2, completed: 1, archived: 0, declined: 0, opted_out: 0, expired: 0, trashed: 1 });
    expect(bySender[sender.userId]).toEqual({ active: 1, draft: 1, sent: 2, completed: 0, archived: 0, declined: 1, opted_out: 0, expired: 0, trashed: 0 });

    const own = await callJson<UsageReport>("GET", `/api/reports/usage?${range}`, { key: sender.apiKey });
    expect(own.senders.map((entry) => entry.sender.id)).toEqual([sender.userId]);

    const csv = await call("GET", `/api/reports/usage?${range}`, { key: owner.apiKey, headers: { accept: "text/csv" } });
    const lines = (await csv.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe('"Sender ID","Sender email","Sender first name","Sender last name","ACTIVE","DRAFT","SENT","COMPLETED","ARCHIVED","DECLINED","OPTED_OUT","EXPIRED","TRASHED"');
    expect(lines).toContain(`"${sender.userId}","${sender.email}","Sam","Sender","1","1","2","0","0","1","0","0","0"`);
  });

  it("refuses a bad date with a 400", async () => {
    const response = await call("GET", "/api/reports/usage?from=2026-03-01T00:00:00&to=2026-03-02T00:00:00Z", { key: owner.apiKey });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ messageKey: "error.validation.reportDate" });
  });
});

describe("GET /api/reports/delegation", () => {
  it("answers the empty report in the original's shape (no sender delegation yet), JSON and CSV", async () => {
    expect(await callJson("GET", "/api/reports/delegation", { key: owner.apiKey })).toEqual({ delegationEvents: {} });
    expect(await callJson("GET", `/api/reports/delegation?${range}&senderId=${sender.userId}`, { key: owner.apiKey })).toEqual({
      from: "2026-03-01T00:00:00.000Z",
      to: "2026-03-31T23:59:59.000Z",
      delegationEvents: {},
    });
    const csv = await call("GET", "/api/reports/delegation", { key: owner.apiKey, headers: { accept: "text/csv" } });
    expect(await csv.text()).toBe('"Sender ID","Event date","Event type","Event user","Event description"\r\n');
    expect((await call("GET", `/api/reports/delegation?senderId=${owner.userId}`, { key: sender.apiKey })).status).toBe(403);
  });
});
