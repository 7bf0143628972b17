import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { fields } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, seedSender } from "../support/seed";

/**
 * Custom fields as the Java SDK's CustomFieldExample drives them: create (POST, or PUT once the
 * id exists), list as a bare array, ask whether one exists (an empty 204 when not), delete; each
 * sender's own values; and what they do: a CUSTOMFIELD field shows the signer's value.
 */

const field = (id: string, value: string, translations: unknown[]) => ({ id, value, required: false, translations, data: null, name: null });

async function sessionHeaders(packageId: string, roleId: string) {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.9", userAgent: "CustomFieldTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

describe("custom fields (CustomFieldExample)", () => {
  it("creates, replaces, lists, reads, answers 204 for a missing one and deletes", async () => {
    const { apiKey } = await seedAccount();
    expect((await call("GET", "/api/account/customfields/policy", { key: apiKey })).status).toBe(204);
    const created = await callJson("POST", "/api/account/customfields", {
      key: apiKey,
      json: field("policy", "123-456", [
        { language: "en", name: "Policy number", description: "Car insurance policy number", id: null, data: null },
        { language: "fr", name: "Numéro de police", description: "Numéro de police d'assurance", id: null, data: null },
      ]),
    });
    expect(created).toEqual({
      id: "policy",
      name: "Policy number",
      value: "123-456",
      required: false,
      data: {},
      translations: [
        { language: "en", name: "Policy number", description: "Car insurance policy number" },
        { language: "fr", name: "Numéro de police", description: "Numéro de police d'assurance" },
      ],
    });
    // The SDK PUTs once the id exists: the same id replaces.
    await callJson("PUT", "/api/account/customfields", { key: apiKey, json: field("policy", "000-000", [{ language: "en", name: "Policy number", description: "" }]) });
    await callJson("POST", "/api/account/customfields", { key: apiKey, json: field("agent", "A-1", []) });
    expect(await callJson("GET", "/api/account/customfields/policy", { key: apiKey })).toMatchObject({ value: "000-000", translations: [{ language: "en" }] });

    const list = await callJson<{ id: string }[]>("GET", "/api/account/customfields?dir=asc&from=1&to=100", { key: apiKey });
    expect(list.map((item) => item.id)).toEqual(["agent", "policy"]);
    // The SDK's "all": from=0&to=-2.
    expect((await callJson<{ id: string }[]>("GET", "/api/account/customfields?dir=ASCENDING&from=0&to=-2", { key: apiKey })).map((item) => item.id)).toEqual(["agent", "policy"]);
    expect((await callJson<{ id: string }[]>("GET", "/api/account/customfields?dir=desc&from=1&to=1", { key: apiKey })).map((item) => item.id)).toEqual(["policy"]);

    expect((await call("DELETE", "/api/account/customfields/agent", { key: apiKey })).status).toBe(204);
    expect((await call("GET", "/api/account/customfields/agent", { key: apiKey })).status).toBe(204);
    await callJson("DELETE", "/api/account/customfields/agent", { key: apiKey, expect: 404 });
    await callJson("POST", "/api/account/customfields", { key: apiKey, json: { id: "has space" }, expect: 400 });
  });

  it("keeps each sender's own values; only administrators define the fields; accounts do not see each other's", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    await callJson("POST", "/api/account/customfields", { key: sender.apiKey, json: field("agent", "", []), expect: 403 });
    await callJson("POST", "/api/account/customfields", { key: account.apiKey, json: field("agent", "A-0", [{ language: "en", name: "Agent number" }]) });
    await callJson("POST", "/api/user/customfields", { key: sender.apiKey, json: { id: "nope", value: "x" }, expect: 404 });

    expect((await call("GET", "/api/user/customfields/agent", { key: sender.apiKey })).status).toBe(204);
    expect(await callJson("POST", "/api/user/customfields", { key: sender.apiKey, json: { id: "agent", value: "A-42", name: null, data: null, translations: null } })).toMatchObject({
      id: "agent",
      name: "Agent number",
      value: "A-42",
    });
    expect(await callJson("PUT", "/api/user/customfields", { key: sender.apiKey, json: { id: "agent", value: "A-43" } })).toMatchObject({ value: "A-43" });
    expect(await callJson("GET", "/api/user/customfields", { key: sender.apiKey })).toMatchObject([{ id: "agent", value: "A-43" }]);
    expect(await callJson("GET", "/api/user/customfields", { key: account.apiKey })).toEqual([]);

    const other = await seedAccount();
    expect(await callJson("GET", "/api/account/customfields", { key: other.apiKey })).toEqual([]);
    expect((await call("GET", "/api/account/customfields/agent", { key: other.apiKey })).status).toBe(204);

    expect((await call("DELETE", "/api/user/customfields/agent", { key: sender.apiKey })).status).toBe(204);
    expect(await callJson("GET", "/api/user/customfields", { key: sender.apiKey })).toEqual([]);
    // Deleting the field leaves the senders' values, as on the original (CustomFieldExample reads one back).
    await callJson("POST", "/api/user/customfields", { key: sender.apiKey, json: { id: "agent", value: "A-44" } });
    await call("DELETE", "/api/account/customfields/agent", { key: account.apiKey });
    expect(await callJson("GET", "/api/user/customfields/agent", { key: sender.apiKey })).toEqual({ id: "agent", name: "agent", value: "A-44", translations: [], data: {} });
  });

  it("fills a CUSTOMFIELD field with the signer's own value, else the default, and stamps it when signed", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    await callJson("POST", "/api/account/customfields", { key: account.apiKey, json: field("agent", "DEFAULT", [{ language: "en", name: "Agent number" }]) });
    await callJson("POST", "/api/user/customfields", { key: sender.apiKey, json: { id: "agent", value: "A-42" } });

    const customField = (top: number) => ({ type: "INPUT", subtype: "CUSTOMFIELD", name: "agent", page: 0, top, left: 400, width: 150, height: 30 });
    const signature = (top: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top, left: 100, width: 200, height: 50 });
    const packageId = await createPackageWithFiles(account.apiKey, {
      name: "Custom fields",
      status: "SENT",
      roles: [
        { id: "Agent", type: "SIGNER", signers: [{ email: sender.email.toUpperCase(), firstName: "Sam", lastName: "Sender" }] },
        { id: "Client", type: "SIGNER", signers: [{ email: "client@example.test", firstName: "Cleo", lastName: "Client" }] },
      ],
      documents: [
        {
          id: "doc1",
          name: "Agreement",
          approvals: [
            { id: "agent-signs", role: "Agent", fields: [signature(100), customField(130)] },
            { id: "client-signs", role: "Client", fields: [signature(400), customField(430)] },
          ],
        },
      ],
    });

    type View = { documents: { approvals: { id: string; fields: { subtype: string; value: string }[] }[] }[] };
    const valueIn = (view: View, approvalId: string) => view.documents[0]!.approvals.find((approval) => approval.id === approvalId)!.fields.find((f) => f.subtype === "CUSTOMFIELD")!.value;
    const agent = await sessionHeaders(packageId, "Agent");
    const agentView = await callJson<View>("GET", `/api/signing/${packageId}`, { headers: agent });
    expect(valueIn(agentView, "agent-signs")).toBe("A-42");
    // Another role's field is not filled with this signer's values.
    expect(valueIn(agentView, "client-signs")).toBe("");
    const client = await sessionHeaders(packageId, "Client");
    expect(valueIn(await callJson<View>("GET", `/api/signing/${packageId}`, { headers: client }), "client-signs")).toBe("DEFAULT");

    expect((await call("POST", `/api/signing/${packageId}/consent`, { headers: agent })).status).toBe(204);
    await callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers: agent, json: { approvals: [{ id: "agent-signs" }] } });
    const db = await getDb();
    const stored = await db.select({ value: fields.value }).from(fields).where(and(eq(fields.packageId, packageId), eq(fields.approvalId, "agent-signs"), eq(fields.subtype, "CUSTOMFIELD")));
    expect(stored).toEqual([{ value: "A-42" }]);
  });
});
