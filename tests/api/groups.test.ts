import { describe, expect, it } from "vitest";
import type { WireGroup } from "@/lib/api/groups";
import type { WirePackage, WireRole } from "@/lib/api/packages";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload, signer } from "../support/packages";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";

/**
 * Integration tests of groups (spec 2.9, 4.7) and of a group as a signer (spec 2.3): CRUD, the
 * members-must-be-senders rule, paging, permissions, isolation between accounts, and the inbox of
 * a group's members. Every test seeds its own account.
 */

interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}
interface List<T> {
  results: T[];
  count: number;
}

let counter = 0;
/** A group e-mail unique to this test run (group e-mails are not unique, but readable failures help). */
const groupEmail = () => `group-${Date.now()}-${++counter}@example.test`;

async function createGroup(account: SeededAccount, body: Record<string, unknown>): Promise<WireGroup> {
  return callJson<WireGroup>("POST", "/api/groups", { key: account.apiKey, json: { email: groupEmail(), ...body } });
}

async function expectError(method: string, path: string, key: string | undefined, json: unknown, status: number): Promise<ErrorBody> {
  const body = await callJson<ErrorBody>(method, path, { key, json, expect: status });
  expect(body).toMatchObject({ code: status });
  expect(typeof body.messageKey).toBe("string");
  return body;
}

/** No nulls anywhere, dates ending in Z. */
function assertWireRules(value: unknown, where = "body") {
  expect(value, where).not.toBeNull();
  if (Array.isArray(value)) value.forEach((item, i) => assertWireRules(item, `${where}[${i}]`));
  else if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === "string" && /^\d{4}-\d\d-\d\dT/.test(member)) expect(member, `${where}.${key}`).toMatch(/Z$/);
      assertWireRules(member, `${where}.${key}`);
    }
  }
}

describe("groups: create, read, update, delete", () => {
  it("creates a group of the account's senders, answers it in the compat notes' shape, and reads, updates and deletes it", async () => {
    const account = await seedAccount();
    const alice = await seedSender(account);
    const invited = await seedSender(account, "INVITED");
    const created = await createGroup(account, {
      name: "Legal team",
      email: "Legal@Example.test",
      members: [
        { email: alice.email.toUpperCase(), memberType: "MANAGER", firstName: "ignored", pending: true },
        { userId: invited.userId },
      ],
      unknownMember: 1,
    });
    assertWireRules(created);
    expect(created).toMatchObject({ name: "Legal team", email: "legal@example.test", emailMembers: true });
    expect(Object.keys(created).sort()).toEqual(["created", "email", "emailMembers", "id", "members", "name", "reciprocalDelegation", "updated"]);
    expect(created.created).toMatch(/Z$/);
    const byUser = new Map(created.members.map((member) => [member.userId, member]));
    expect(byUser.get(alice.userId)).toEqual({
      userId: alice.userId,
      email: alice.email,
      firstName: "Sam",
      lastName: "Sender",
      memberType: "MANAGER",
      pending: false,
    });
    expect(byUser.get(invited.userId)).toMatchObject({ email: invited.email, memberType: "REGULAR", pending: true });

    expect(await callJson<WireGroup>("GET", `/api/groups/${created.id}`, { key: account.apiKey })).toEqual(created);

    // PUT: name and emailMembers change, `members` replaces the list; absent members stay.
    const bob = await seedSender(account);
    const updated = await callJson<WireGroup>("PUT", `/api/groups/${created.id}`, {
      key: account.apiKey,
      json: { name: "Legal", emailMembers: false, members: [{ email: bob.email }, { email: alice.email, memberType: "REGULAR" }] },
    });
    expect(updated).toMatchObject({ id: created.id, name: "Legal", email: "legal@example.test", emailMembers: false, created: created.created });
    expect(updated.members.map((member) => [member.email, member.memberType]).sort()).toEqual(
      [
        [alice.email, "REGULAR"],
        [bob.email, "REGULAR"],
      ].sort(),
    );
    const renamedOnly = await callJson<WireGroup>("PUT", `/api/groups/${created.id}`, { key: account.apiKey, json: { email: "legal2@example.test", members: null } });
    expect(renamedOnly).toMatchObject({ name: "Legal", email: "legal2@example.test" });
    expect(renamedOnly.members).toHaveLength(2);
    const emptied = await callJson<WireGroup>("PUT", `/api/groups/${created.id}`, { key: account.apiKey, json: { members: [] } });
    expect(emptied.members).toEqual([]);

    const deleted = await call("DELETE", `/api/groups/${created.id}`, { key: account.apiKey });
    expect(deleted.status).toBe(204);
    await expectError("GET", `/api/groups/${created.id}`, account.apiKey, undefined, 404);
    await expectError("DELETE", `/api/groups/${created.id}`, account.apiKey, undefined, 404);
  });

  it("accepts a group without members, and the account owner as a member", async () => {
    const account = await seedAccount();
    const empty = await createGroup(account, { name: "Nobody yet", members: null, emailMembers: null });
    expect(empty).toMatchObject({ members: [], emailMembers: true });
    const withOwner = await createGroup(account, { name: "Owners", members: [{ email: account.email }] });
    expect(withOwner.members).toMatchObject([{ userId: account.userId, firstName: "Olive", lastName: "Owner" }]);
  });

  it("refuses members who are not senders of the account with 422 naming every such e-mail", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(account);
    const body = await expectError(
      "POST",
      "/api/groups",
      account.apiKey,
      {
        name: "Mixed",
        email: groupEmail(),
        members: [{ email: sender.email }, { email: "stranger@example.test" }, { email: other.email }, { userId: "no-such-user" }],
      },
      422,
    );
    expect(body.messageKey).toBe("error.validation.groupMembersNotSenders");
    expect(body.message).toContain("stranger@example.test");
    expect(body.message).toContain(other.email);
    expect(body.message).toContain("no-such-user");
    expect(body.message).not.toContain(sender.email);
    // Nothing was created.
    expect((await callJson<List<WireGroup>>("GET", "/api/groups", { key: account.apiKey })).count).toBe(0);

    // The same rule on PUT with members.
    const group = await createGroup(account, { name: "Real", members: [{ email: sender.email }] });
    const refused = await expectError("PUT", `/api/groups/${group.id}`, account.apiKey, { name: "Renamed", members: [{ email: other.email }] }, 422);
    expect(refused.message).toContain(other.email);
    expect(await callJson<WireGroup>("GET", `/api/groups/${group.id}`, { key: account.apiKey })).toMatchObject({ name: "Real", members: [{ email: sender.email }] });
  });

  it("refuses bad input with 400", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const post = (json: unknown) => expectError("POST", "/api/groups", account.apiKey, json, 400);
    await post({ email: groupEmail() });
    await post({ name: "  ", email: groupEmail() });
    await post({ name: "No e-mail" });
    await post({ name: "Bad e-mail", email: "not-an-email" });
    await post({ name: 12, email: groupEmail() });
    await post({ name: "Members not a list", email: groupEmail(), members: "everyone" });
    await post({ name: "Member without id", email: groupEmail(), members: [{ memberType: "REGULAR" }] });
    await post({ name: "Member with a bad e-mail", email: groupEmail(), members: [{ email: "nope" }] });
    await post({ name: "Bad type", email: groupEmail(), members: [{ email: sender.email, memberType: "BOSS" }] });
    const duplicate = await post({ name: "Twice", email: groupEmail(), members: [{ email: sender.email }, { email: sender.email.toUpperCase() }] });
    expect(duplicate.messageKey).toBe("error.validation.duplicateGroupMember");
    const sameUser = await post({ name: "Twice", email: groupEmail(), members: [{ email: sender.email }, { userId: sender.userId }] });
    expect(sameUser.messageKey).toBe("error.validation.duplicateGroupMember");
    expect(sameUser.message).toContain(sender.email);
    await post([]);

    const malformed = await call("POST", "/api/groups", { key: account.apiKey, body: "{oops", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).messageKey).toBe("error.validation.invalidJson");
    const empty = await call("POST", "/api/groups", { key: account.apiKey, body: "", headers: { "content-type": "application/json" } });
    expect(empty.status).toBe(400);

    const group = await createGroup(account, { name: "Fine" });
    await expectError("PUT", `/api/groups/${group.id}`, account.apiKey, { name: "" }, 400);
    await expectError("PUT", `/api/groups/${group.id}`, account.apiKey, { email: "bad" }, 400);
    await expectError("PUT", `/api/groups/${group.id}`, account.apiKey, { emailMembers: "yes" }, 400);
    await expectError("PUT", `/api/groups/${group.id}`, account.apiKey, { members: [{ email: sender.email }, { email: sender.email }] }, 400);
    await expectError("PUT", "/api/groups/no-such-group", account.apiKey, { name: "x" }, 404);
    await expectError("GET", "/api/groups/no-such-group", account.apiKey, undefined, 404);

    await expectError("GET", "/api/groups?from=-1", account.apiKey, undefined, 400);
    await expectError("GET", "/api/groups?from=abc", account.apiKey, undefined, 400);
    await expectError("GET", "/api/groups?from=5&to=2", account.apiKey, undefined, 400);
    await expectError("GET", "/api/groups?dir=up", account.apiKey, undefined, 400);
  });
});

describe("GET /api/groups", () => {
  it("lists the account's groups by name with {results, count}, 1-based inclusive from/to, and search", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    for (const name of ["Gamma team", "Alpha", "Beta", "Delta", "Alphabet"]) {
      await createGroup(account, { name, members: name === "Beta" ? [{ email: sender.email }] : [] });
    }
    const all = await callJson<List<WireGroup>>("GET", "/api/groups", { key: account.apiKey });
    assertWireRules(all);
    expect(all.count).toBe(5);
    expect(all.results.map((group) => group.name)).toEqual(["Alpha", "Alphabet", "Beta", "Delta", "Gamma team"]);
    expect(all.results[2].members).toMatchObject([{ email: sender.email }]);

    const page = await callJson<List<WireGroup>>("GET", "/api/groups?from=2&to=3", { key: account.apiKey });
    expect(page).toMatchObject({ count: 5 });
    expect(page.results.map((group) => group.name)).toEqual(["Alphabet", "Beta"]);
    const desc = await callJson<List<WireGroup>>("GET", "/api/groups?from=1&to=2&dir=desc", { key: account.apiKey });
    expect(desc.results.map((group) => group.name)).toEqual(["Gamma team", "Delta"]);
    const beyond = await callJson<List<WireGroup>>("GET", "/api/groups?from=11&to=20", { key: account.apiKey });
    expect(beyond).toEqual({ results: [], count: 5 });

    const search = await callJson<List<WireGroup>>("GET", "/api/groups?search=ALPHA", { key: account.apiKey });
    expect(search.count).toBe(2);
    expect(search.results.map((group) => group.name)).toEqual(["Alpha", "Alphabet"]);
    expect(await callJson<List<WireGroup>>("GET", "/api/groups?search=%25", { key: account.apiKey })).toEqual({ results: [], count: 0 });
  });
});

describe("group members", () => {
  it("adds one member or several with POST .../members and removes one with DELETE .../members/{userId}", async () => {
    const account = await seedAccount();
    const [ann, ben, cat] = [await seedSender(account), await seedSender(account), await seedSender(account, "INVITED")];
    const group = await createGroup(account, { name: "Growing", members: [{ email: ann.email }] });
    const membersPath = `/api/groups/${group.id}/members`;

    const one = await callJson<WireGroup>("POST", membersPath, { key: account.apiKey, json: { email: ben.email, memberType: "MANAGER" } });
    expect(one.members.map((member) => member.email).sort()).toEqual([ann.email, ben.email].sort());
    expect(one.members.find((member) => member.userId === ben.userId)).toMatchObject({ memberType: "MANAGER" });
    expect(Date.parse(one.updated)).toBeGreaterThanOrEqual(Date.parse(group.updated));

    // Adding a member again changes nothing and answers the group (idempotent, as integrations expect).
    const again = await callJson<WireGroup>("POST", membersPath, { key: account.apiKey, json: { email: ann.email, memberType: "MANAGER" } });
    expect(again).toEqual(one);
    const mixed = await callJson<WireGroup>("POST", membersPath, { key: account.apiKey, json: [{ email: ann.email }, { email: cat.email }] });
    expect(mixed.members.map((member) => member.email).sort()).toEqual([ann.email, ben.email, cat.email].sort());
    expect(mixed.members.find((member) => member.userId === ann.userId)).toMatchObject({ memberType: "REGULAR" });
    await callJson("DELETE", `${membersPath}/${cat.userId}`, { key: account.apiKey, expect: 204 });
    const notSender = await expectError("POST", membersPath, account.apiKey, [{ email: cat.email }, { email: "outsider@example.test" }], 422);
    expect(notSender.message).toContain("outsider@example.test");
    expect(notSender.message).not.toContain(cat.email);
    await expectError("POST", membersPath, account.apiKey, [], 400);
    await expectError("POST", membersPath, account.apiKey, { memberType: "REGULAR" }, 400);
    await expectError("POST", membersPath, account.apiKey, "ann", 400);

    const several = await callJson<WireGroup>("POST", membersPath, { key: account.apiKey, json: [{ userId: cat.userId }] });
    expect(several.members).toHaveLength(3);
    expect(several.members.find((member) => member.userId === cat.userId)).toMatchObject({ pending: true });

    const removed = await call("DELETE", `${membersPath}/${ann.userId}`, { key: account.apiKey });
    expect(removed.status).toBe(204);
    const after = await callJson<WireGroup>("GET", `/api/groups/${group.id}`, { key: account.apiKey });
    expect(after.members.map((member) => member.userId).sort()).toEqual([ben.userId, cat.userId].sort());
    const notMember = await expectError("DELETE", `${membersPath}/${ann.userId}`, account.apiKey, undefined, 404);
    expect(notMember.messageKey).toBe("error.notFound.groupMemberNotFound");
    await expectError("POST", "/api/groups/no-such-group/members", account.apiKey, { email: ann.email }, 404);
    await expectError("DELETE", `/api/groups/no-such-group/members/${ben.userId}`, account.apiKey, undefined, 404);
  });
});

describe("groups: who may", () => {
  it("answers 401 without a key or with a wrong one", async () => {
    for (const [method, path] of [
      ["GET", "/api/groups"],
      ["POST", "/api/groups"],
      ["GET", "/api/groups/x"],
      ["PUT", "/api/groups/x"],
      ["DELETE", "/api/groups/x"],
      ["POST", "/api/groups/x/members"],
      ["DELETE", "/api/groups/x/members/y"],
    ]) {
      expect((await call(method, path, { json: method === "GET" || method === "DELETE" ? undefined : {} })).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, { key: "wrong-key" })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("lets a sender (groups.view) read groups but not change them (403 without groups.manage)", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const group = await createGroup(account, { name: "Read only", members: [{ email: sender.email }] });
    expect((await callJson<List<WireGroup>>("GET", "/api/groups", { key: sender.apiKey })).count).toBe(1);
    expect((await callJson<WireGroup>("GET", `/api/groups/${group.id}`, { key: sender.apiKey })).name).toBe("Read only");

    const denied = [
      await expectError("POST", "/api/groups", sender.apiKey, { name: "Mine", email: groupEmail() }, 403),
      await expectError("PUT", `/api/groups/${group.id}`, sender.apiKey, { name: "Mine" }, 403),
      await expectError("DELETE", `/api/groups/${group.id}`, sender.apiKey, undefined, 403),
      await expectError("POST", `/api/groups/${group.id}/members`, sender.apiKey, { email: account.email }, 403),
      await expectError("DELETE", `/api/groups/${group.id}/members/${sender.userId}`, sender.apiKey, undefined, 403),
    ];
    for (const body of denied) expect(body.messageKey).toBe("error.forbidden.noPermission");
    expect(await callJson<WireGroup>("GET", `/api/groups/${group.id}`, { key: account.apiKey })).toMatchObject({ name: "Read only", members: [{ email: sender.email }] });
  });

  it("keeps each account's groups to itself: another account's group answers 404", async () => {
    const alice = await seedAccount();
    const bob = await seedAccount();
    const aliceSender = await seedSender(alice);
    const bobSender = await seedSender(bob);
    const group = await createGroup(alice, { name: "Alice's", members: [{ email: aliceSender.email }] });
    await createGroup(bob, { name: "Bob's" });

    expect((await callJson<List<WireGroup>>("GET", "/api/groups", { key: bob.apiKey })).results.map((g) => g.name)).toEqual(["Bob's"]);
    for (const body of [
      await expectError("GET", `/api/groups/${group.id}`, bob.apiKey, undefined, 404),
      await expectError("PUT", `/api/groups/${group.id}`, bob.apiKey, { name: "Taken" }, 404),
      await expectError("POST", `/api/groups/${group.id}/members`, bob.apiKey, { email: bobSender.email }, 404),
      await expectError("DELETE", `/api/groups/${group.id}/members/${aliceSender.userId}`, bob.apiKey, undefined, 404),
      await expectError("DELETE", `/api/groups/${group.id}`, bob.apiKey, undefined, 404),
    ]) {
      expect(body.messageKey).toBe("error.notFound.groupNotFound");
    }
    expect(await callJson<WireGroup>("GET", `/api/groups/${group.id}`, { key: alice.apiKey })).toMatchObject({
      name: "Alice's",
      members: [{ email: aliceSender.email }],
    });
  });
});

describe("a group as a signer (spec 2.3)", () => {
  const groupRolePayload = (groupId: string, status = "DRAFT") => ({
    name: "Group contract",
    status,
    roles: [
      // What the client says about the group is replaced by the group's own name and e-mail.
      { id: "Legal", type: "SIGNER", signers: [{ email: "stale@example.test", firstName: "Old", lastName: "Name", group: { id: groupId, name: "Old" } }] },
      { id: "Client", type: "SIGNER", signers: [signer(1)] },
    ],
    documents: [
      {
        id: "doc1",
        name: "Agreement",
        approvals: [{ role: "Legal", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 }] }],
      },
    ],
  });

  it("takes the group's e-mail and name when a package is created, and refuses an unknown group with 400", async () => {
    const account = await seedAccount();
    const member = await seedSender(account);
    const group = await createGroup(account, { name: "Legal team", email: "legal@acme.test", members: [{ email: member.email }] });
    const id = await createPackageWithFiles(account.apiKey, groupRolePayload(group.id));
    const pkg = await callJson<WirePackage>("GET", `/api/packages/${id}`, { key: account.apiKey });
    const legal = pkg.roles.find((role) => role.id === "Legal")!;
    expect(legal.signers[0]).toMatchObject({
      email: "legal@acme.test",
      firstName: "Legal team",
      lastName: "",
      group: { id: group.id, email: "legal@acme.test", name: "Legal team" },
    });

    const unknown = await callJson<ErrorBody>("POST", "/api/packages", {
      key: account.apiKey,
      json: { name: "x", roles: [{ id: "G", signers: [{ group: { id: "no-such-group" } }] }] },
      expect: 400,
    });
    expect(unknown.messageKey).toBe("error.validation.unknownGroup");
    expect(unknown.message).toContain("no-such-group");

    // Another account's group is unknown too.
    const other = await seedAccount();
    const theirs = await createGroup(other, { name: "Theirs" });
    const foreign = await callJson<ErrorBody>("POST", "/api/packages", {
      key: account.apiKey,
      json: { name: "x", roles: [{ id: "G", signers: [{ group: { id: theirs.id } }] }] },
      expect: 400,
    });
    expect(foreign.message).toContain(theirs.id);
  });

  it("takes the group's current e-mail and name when a role is added or updated, and when a template is filled", async () => {
    const account = await seedAccount();
    const group = await createGroup(account, { name: "Board", email: "board@acme.test" });
    const id = await createPackageWithFiles(account.apiKey, packagePayload());
    await callJson("PUT", `/api/groups/${group.id}`, { key: account.apiKey, json: { name: "The board", email: "board2@acme.test" } });

    const added = await callJson<WireRole>("POST", `/api/packages/${id}/roles`, {
      key: account.apiKey,
      json: { id: "Board", signers: [{ group: { id: group.id } }] },
    });
    expect(added.signers[0]).toMatchObject({ email: "board2@acme.test", firstName: "The board", lastName: "", group: { id: group.id, name: "The board" } });
    const updated = await callJson<WireRole>("PUT", `/api/packages/${id}/roles/Signer2`, {
      key: account.apiKey,
      json: { signers: [{ firstName: "Client", group: { id: group.id, email: "wrong@example.test" } }] },
    });
    expect(updated.signers[0]).toMatchObject({ email: "board2@acme.test", firstName: "The board", lastName: "", group: { email: "board2@acme.test" } });
    await expectError("POST", `/api/packages/${id}/roles`, account.apiKey, { id: "Nope", signers: [{ group: { id: "missing" } }] }, 400);
    await expectError("PUT", `/api/packages/${id}/roles/Signer2`, account.apiKey, { signers: [{ group: { id: "missing" } }] }, 400);

    const template = await createPackageWithFiles(account.apiKey, packagePayload({ type: "TEMPLATE" }));
    const { id: filled } = await callJson<{ id: string }>("POST", `/api/packages/${template}/clone`, {
      key: account.apiKey,
      json: { name: "Filled", type: "PACKAGE", roles: [{ id: "Signer2", signers: [{ group: { id: group.id } }] }] },
    });
    const pkg = await callJson<WirePackage>("GET", `/api/packages/${filled}`, { key: account.apiKey });
    expect(pkg.roles.find((role) => role.id === "Signer2")!.signers[0]).toMatchObject({ email: "board2@acme.test", firstName: "The board" });
    await expectError(
      "POST",
      `/api/packages/${template}/clone`,
      account.apiKey,
      { name: "Filled", type: "PACKAGE", roles: [{ id: "Signer2", signers: [{ group: { id: "missing" } }] }] },
      400,
    );
  });

  it("shows a sent package in the inbox of each member of a signing group, not before sending and not to others", async () => {
    const account = await seedAccount();
    const [member, other, outsider] = [await seedSender(account), await seedSender(account), await seedSender(account)];
    const group = await createGroup(account, { name: "Signers", members: [{ email: member.email }, { email: other.email }] });
    const inbox = async (who: SeededAccount) =>
      (await callJson<List<WirePackage>>("GET", "/api/packages?query=inbox", { key: who.apiKey })).results.map((pkg) => pkg.id);

    const draftId = await createPackageWithFiles(account.apiKey, groupRolePayload(group.id));
    const sentId = await createPackageWithFiles(account.apiKey, groupRolePayload(group.id, "SENT"));
    expect(await inbox(member)).toEqual([sentId]);
    expect(await inbox(other)).toEqual([sentId]);
    expect(await inbox(outsider)).toEqual([]);
    expect(draftId).not.toBe(sentId);

    // Membership decides: a member who leaves no longer sees it, one who joins does.
    await call("DELETE", `/api/groups/${group.id}/members/${other.userId}`, { key: account.apiKey });
    await callJson("POST", `/api/groups/${group.id}/members`, { key: account.apiKey, json: { email: outsider.email } });
    expect(await inbox(other)).toEqual([]);
    expect(await inbox(outsider)).toEqual([sentId]);

    // Another account's member of a same-named group sees nothing.
    const stranger = await seedAccount();
    expect(await inbox(stranger)).toEqual([]);
  });
});

describe("following a group's packages (spec 2.9 rule 5)", () => {
  it("lets every member of a signing group read the sent package, and nobody else", async () => {
    const account = await seedAccount();
    const member = await seedSender(account);
    const outsider = await seedSender(account);
    const groupId = await seedGroup(account, { name: "Board", email: "board-follow@example.test" }, [member.userId]);
    const id = await createPackageWithFiles(account.apiKey, {
      name: "Board resolution",
      status: "SENT",
      roles: [{ id: "Board", signers: [{ group: { id: groupId } }] }],
      documents: [{ name: "Resolution", approvals: [{ role: "Board", fields: [{ page: 0, top: 10, left: 10, width: 100, height: 30 }] }] }],
    });
    expect(await callJson("GET", `/api/packages/${id}`, { key: member.apiKey })).toMatchObject({ id, status: "SENT" });
    await callJson("GET", `/api/packages/${id}`, { key: outsider.apiKey, expect: 404 });
    expect(await callJson("GET", `/api/packages/${id}/roles`, { key: member.apiKey })).toMatchObject({ count: 2 });
    // Following is reading the package and its roles, nothing more: no documents, no other signers'
    // verification, no copy; and to anyone but its sender the package cannot be changed.
    const pkg = await callJson<WirePackage>("GET", `/api/packages/${id}`, { key: member.apiKey });
    const documentId = pkg.documents[1].id;
    await callJson("GET", `/api/packages/${id}/documents/${documentId}/original`, { key: member.apiKey, expect: 404 });
    await callJson("GET", `/api/packages/${id}/evidence/summary`, { key: member.apiKey, expect: 404 });
    await callJson("GET", `/api/packages/${id}/roles/Board/verification`, { key: member.apiKey, expect: 404 });
    await callJson("POST", `/api/packages/${id}/clone`, { key: member.apiKey, json: { name: "Mine" }, expect: 404 });
    await callJson("POST", `/api/packages/${id}`, { key: member.apiKey, json: { status: "DRAFT" }, expect: 404 });
  });
});
