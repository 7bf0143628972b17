import { describe, expect, it, vi } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { packageListTexts, packages } from "@/lib/db/schema";
import { rowVersions, storeListTexts } from "@/lib/esign/packages/list-texts";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedGroup, type SeededAccount } from "../support/seed";

/**
 * List pages join each package's JSON stored in package_list_texts (lib/esign/packages/list-texts.ts),
 * read only while the package's rows are those it was built from.
 */

type Listed = { results: { id: string; name: string; sender: { firstName: string }; roles: { id: string; name: string; signers: { firstName: string; group?: { name: string } }[] }[]; documents: { name: string }[] }[]; count: number };

async function listText(key: string, query = "from=1&to=50"): Promise<string> {
  const response = await call("GET", `/api/packages?${query}`, { key });
  expect(response.status).toBe(200);
  return response.text();
}

async function storedTexts(packageIds: string[]) {
  const db = await getDb();
  return db.select().from(packageListTexts).where(inArray(packageListTexts.packageId, packageIds));
}

/** A page stores its texts behind its answer: soon, if not at once (a busy machine runs the whole suite beside it). */
const STORED_WITHIN = { timeout: 10_000, interval: 20 };

/** The texts of `packageIds` once a page has stored them (behind its answer). */
async function textsStored(packageIds: string[]) {
  return vi.waitFor(async () => {
    const rows = await storedTexts(packageIds);
    expect(rows.map((row) => row.packageId).sort()).toEqual([...packageIds].sort());
    return rows;
  }, STORED_WITHIN);
}

/** Once a page has stored the texts of `packageIds` as their rows are now. */
async function textsCurrent(packageIds: string[]) {
  const db = await getDb();
  await vi.waitFor(async () => {
    const current = await db.execute(sql`
      select ${packages.id} as id from ${packages} join ${packageListTexts} t on t.package_id = ${packages.id} and t.versions = ${rowVersions}
      where ${inArray(packages.id, packageIds)}`);
    expect(((current as unknown as { rows: { id: string }[] }).rows).map((row) => row.id).sort()).toEqual([...packageIds].sort());
  }, STORED_WITHIN);
}

/**
 * The list after a change, from stored texts (one page builds and stores them, the next reads
 * them), and the same list built again with nothing stored: the two must be the same bytes.
 */
async function expectStoredAsBuilt(account: SeededAccount, packageIds: string[]): Promise<Listed> {
  await listText(account.apiKey);
  await textsCurrent(packageIds);
  const fromStore = await listText(account.apiKey);
  const db = await getDb();
  await db.delete(packageListTexts).where(inArray(packageListTexts.packageId, packageIds));
  const built = await listText(account.apiKey);
  expect(fromStore).toBe(built);
  // The texts that page stores behind its answer, stored before the caller goes on.
  await textsCurrent(packageIds);
  return JSON.parse(built) as Listed;
}

const listedOf = (page: Listed, id: string) => page.results.find((pkg) => pkg.id === id)!;

describe("GET /api/packages from stored texts", () => {
  it("stores what a page built and answers the same bytes from it", async () => {
    const account = await seedAccount();
    const ids = [
      await createPackageWithFiles(account.apiKey, packagePayload({ name: "One" })),
      await createPackageWithFiles(account.apiKey, packagePayload({ name: "Two", status: "SENT", documents: ["A", "B"] })),
      (await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, json: { name: "Empty draft", due: "2030-01-02T03:04:05Z" } })).id,
    ];
    expect(await storedTexts(ids)).toEqual([]);
    const built = await listText(account.apiKey);
    await textsStored(ids);
    expect(await listText(account.apiKey)).toBe(built);
    // Every folder and order reads the same texts.
    expect(JSON.parse(await listText(account.apiKey, "sort=name&dir=asc&from=1&to=2")).results.map((pkg: { name: string }) => pkg.name)).toEqual(["Empty draft", "One"]);
    expect(JSON.parse(await listText(account.apiKey, "query=SENT")).results.map((pkg: { name: string }) => pkg.name)).toEqual(["Two"]);
    // ?fields= reads them too.
    expect(await callJson("GET", "/api/packages?fields=id,name&from=1&to=1&sort=name&dir=asc", { key: account.apiKey })).toEqual({ results: [{ id: ids[2], name: "Empty draft" }], count: 3 });
  });

  it("shows each change at once, whichever path wrote it, and the sender as they are now", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ name: "Before", signers: 3 }));
    const other = await createPackageWithFiles(account.apiKey, packagePayload({ name: "Untouched" }));
    await listText(account.apiKey);
    await textsStored([id, other]);

    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { name: "Renamed" } });
    expect(listedOf(await expectStoredAsBuilt(account, [id, other]), id).name).toBe("Renamed");

    await callJson("PUT", `/api/packages/${id}/roles/Signer2`, { key: account.apiKey, json: { signers: [{ email: "new@example.test", firstName: "Newly", lastName: "Named" }] } });
    expect(listedOf(await expectStoredAsBuilt(account, [id, other]), id).roles.find((role) => role.id === "Signer2")!.signers[0].firstName).toBe("Newly");

    await callJson("DELETE", `/api/packages/${id}/roles/Signer3`, { key: account.apiKey, expect: 204 });
    expect(listedOf(await expectStoredAsBuilt(account, [id, other]), id).roles.map((role) => role.id)).not.toContain("Signer3");

    // Written around the API, as signing, the sweep and migrations write: still seen.
    const db = await getDb();
    await db.execute(sql`update package_roles set name = 'Set directly' where package_id = ${id} and id = 'Signer1'`);
    await db.execute(sql`update package_documents set name = 'Document renamed directly' where package_id = ${id}`);
    const page = await expectStoredAsBuilt(account, [id, other]);
    expect(listedOf(page, id).roles.find((role) => role.id === "Signer1")!.name).toBe("Set directly");
    expect(listedOf(page, id).documents.map((document) => document.name)).toContain("Document renamed directly");
    await db.execute(sql`delete from package_documents where package_id = ${id} and name = 'Document renamed directly'`);
    expect(listedOf(await expectStoredAsBuilt(account, [id, other]), id).documents.map((document) => document.name)).not.toContain("Document renamed directly");

    // The sender is joined in when read, never stored.
    await callJson("POST", `/api/account/senders/${account.userId}`, { key: account.apiKey, json: { firstName: "Renamed" } });
    expect((await expectStoredAsBuilt(account, [id, other])).results.map((pkg) => pkg.sender.firstName)).toEqual(["Renamed", "Renamed"]);

    // A package's row removed by hand (the API's DELETE keeps it, as DELETED) leaves its text unjoined.
    await db.delete(packages).where(eq(packages.id, other));
    expect(await storedTexts([other])).toHaveLength(1);
    expect((JSON.parse(await listText(account.apiKey)) as Listed).results.map((pkg) => pkg.id)).toEqual([id]);
    await textsStored([id]);
  });

  it("does not read texts stored from rows that changed since, nor texts of another format", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ name: "First name" }));
    await listText(account.apiKey);
    const [early] = await textsStored([id]);
    expect(early.head).toContain('"name":"First name"');

    // A page that read the package before this rename stores its texts after a later page did: refused.
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { name: "Second name" } });
    await listText(account.apiKey);
    await textsCurrent([id]);
    const db = await getDb();
    await storeListTexts(db, [{ packageId: id, versions: early.versions, texts: early }]);
    expect((await storedTexts([id]))[0].head).toContain('"name":"Second name"');

    // Had it slipped in between that check and its write, its texts are not read.
    await db.update(packageListTexts).set({ versions: early.versions, head: early.head, tail: early.tail }).where(eq(packageListTexts.packageId, id));
    const page = JSON.parse(await listText(account.apiKey)) as Listed;
    expect(listedOf(page, id).name).toBe("Second name");
    await textsCurrent([id]);
    const [rebuilt] = await storedTexts([id]);
    expect(rebuilt.versions).not.toBe(early.versions);
    expect(rebuilt.head).toContain('"name":"Second name"');

    // Texts another build wrote, for these very rows, are not read either.
    await db.update(packageListTexts).set({ format: "another build", head: '{"id":"not this"', tail: "}" }).where(eq(packageListTexts.packageId, id));
    expect(listedOf(JSON.parse(await listText(account.apiKey)) as Listed, id).name).toBe("Second name");
    await vi.waitFor(async () => expect((await storedTexts([id]))[0].format).not.toBe("another build"), STORED_WITHIN);
  });

  it("shows a group signer's group as it is now, storing nothing for its package", async () => {
    const account = await seedAccount();
    const groupId = await seedGroup(account, { name: "The Board", email: "board@example.test" });
    const id = await createPackageWithFiles(account.apiKey, {
      name: "Board signs",
      roles: [{ id: "Board", index: 1, signers: [{ group: { id: groupId } }] }],
      documents: [{ id: "d", name: "Doc", approvals: [{ role: "Board", fields: [{ page: 0, top: 10, left: 10, width: 100, height: 30 }] }] }],
    });
    const plain = await createPackageWithFiles(account.apiKey, packagePayload({ name: "Plain" }));
    const board = (page: Listed) => listedOf(page, id).roles.find((role) => role.id === "Board")!.signers[0].group!.name;
    expect(board(JSON.parse(await listText(account.apiKey)))).toBe("The Board");
    expect((await textsStored([plain])).map((row) => row.packageId)).toEqual([plain]);
    expect(await storedTexts([id])).toEqual([]);

    await callJson("PUT", `/api/groups/${groupId}`, { key: account.apiKey, json: { name: "The New Board" } });
    expect(board(JSON.parse(await listText(account.apiKey)))).toBe("The New Board");
  });
});
