import { describe, expect, it } from "vitest";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedManager, seedSender, type SeededAccount } from "../support/seed";

interface Holder {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  status: string;
}
interface HolderList {
  results: Holder[];
  count: number;
}
interface WireRole {
  id: string;
  name: string;
  predefined: boolean;
}

async function roleNamed(account: SeededAccount, name: string): Promise<WireRole> {
  const roles = await callJson<{ results: WireRole[] }>("GET", "/api/account/roles", { key: account.apiKey });
  return roles.results.find((role) => role.name === name)!;
}

const holdersOf = (account: SeededAccount, roleId: string, query = "") =>
  callJson<HolderList>("GET", `/api/account/roles/${roleId}/users${query}`, { key: account.apiKey });

describe("GET /api/account/roles/{accountRoleId}/users (our extension)", () => {
  it("lists the members holding the role, oldest first, with their names and status only", async () => {
    const account = await seedAccount();
    const first = await seedSender(account);
    const second = await seedSender(account, "INVITED");
    await seedManager(account);
    const senderRole = await roleNamed(account, "Sender");

    const body = await holdersOf(account, senderRole.id);
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      { id: first.userId, email: first.email, firstName: "Sam", lastName: "Sender", name: "Sam Sender", status: "ACTIVE" },
      { id: second.userId, email: second.email, firstName: "Sam", lastName: "Sender", name: "Sam Sender", status: "INVITED" },
    ]);

    const owners = await holdersOf(account, (await roleNamed(account, "Account owner")).id);
    expect(owners.results.map((holder) => holder.email)).toEqual([account.email]);
  });

  it("follows assignments: a custom role's holders appear when given it and go when it is taken away", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const role = await callJson<WireRole>("POST", "/api/account/roles", { key: account.apiKey, json: { name: "Reporter", permissions: ["reports.view"] } });
    expect(await holdersOf(account, role.id)).toEqual({ results: [], count: 0 });

    await callJson("POST", `/api/account/senders/${sender.userId}/roles`, { key: account.apiKey, json: { roleIds: [role.id] } });
    expect((await holdersOf(account, role.id)).results.map((holder) => holder.id)).toEqual([sender.userId]);

    await callJson("POST", `/api/account/senders/${sender.userId}/roles`, { key: account.apiKey, json: { roleIds: [] } });
    expect(await holdersOf(account, role.id)).toEqual({ results: [], count: 0 });
  });

  it("pages with 1-based inclusive from/to and counts them all", async () => {
    const account = await seedAccount();
    const senders = [];
    for (let i = 0; i < 3; i++) senders.push(await seedSender(account));
    const role = await roleNamed(account, "Sender");
    const page = await holdersOf(account, role.id, "?from=2&to=3");
    expect(page.count).toBe(3);
    expect(page.results.map((holder) => holder.id)).toEqual([senders[1].userId, senders[2].userId]);
    const bad = await call("GET", `/api/account/roles/${role.id}/users?from=3&to=2`, { key: account.apiKey });
    expect(bad.status).toBe(400);
  });

  it("answers 403 without roles.view and 404 for another account's role", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const role = await roleNamed(account, "Sender");
    const forbidden = await call("GET", `/api/account/roles/${role.id}/users`, { key: sender.apiKey });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toContain("roles.view");

    const other = await seedAccount();
    const notFound = await call("GET", `/api/account/roles/${role.id}/users`, { key: other.apiKey });
    expect(notFound.status).toBe(404);
    expect(((await notFound.json()) as { messageKey: string }).messageKey).toBe("error.notFound.accountRoleNotFound");
  });

  it("leaves out a sender who was deleted from the account", async () => {
    const account = await seedAccount();
    const stays = await seedSender(account);
    const leaves = await seedSender(account);
    const deleted = await call("DELETE", `/api/account/senders/${leaves.userId}`, { key: account.apiKey });
    expect(deleted.status).toBe(204);
    const body = await holdersOf(account, (await roleNamed(account, "Sender")).id);
    expect(body.results.map((holder) => holder.id)).toEqual([stays.userId]);
    expect(body.count).toBe(1);
  });
});
