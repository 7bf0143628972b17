import { describe, expect, it } from "vitest";
import { call, callJson } from "../support/api-client";
import { makePdf, multipartBody } from "../support/pdfs";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * Fast track (StartFastTrackExample): a template's public link; whoever holds it fills the
 * template's placeholders and gets a package of the template's sender, sent, with their signing
 * link. The SDK takes the token from the link after its last `=`.
 */

type Json = Record<string, unknown>;

async function createTemplate(account: SeededAccount): Promise<string> {
  const body = {
    name: "Fast track NDA",
    type: "TEMPLATE",
    roles: [
      { id: "Known", name: "Known", signers: [{ email: "known@example.test", firstName: "Kim", lastName: "Known" }] },
      { id: "Visitor", name: "Visitor", signers: [] },
    ],
    documents: [
      {
        id: "nda",
        name: "NDA",
        approvals: [
          { role: "Known", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 100, width: 200, height: 50 }] },
          { role: "Visitor", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 400, top: 100, width: 200, height: 50 }] },
        ],
      },
    ],
  };
  const multipart = multipartBody(body, [{ name: "nda.pdf", bytes: await makePdf() }]);
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
  return id;
}

const visitor = [{ id: "Visitor", name: "Visitor", signers: [{ email: "vera@example.test", firstName: "Vera", lastName: "Visitor" }] }];
const tokenOf = (url: string) => url.split("=").pop()!;

describe("fast track", () => {
  it("answers the template's link, and makes a sent package of its sender for whoever fills the placeholder", async () => {
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const link = await callJson<{ url: string; packageId: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`, { key: account.apiKey });
    expect(link.url).toMatch(/\/fasttrack\?token=[A-Za-z0-9._-]+$/);
    expect(link.packageId).toBe(templateId);
    expect(link).not.toHaveProperty("roleId");
    // The same link every time: nothing to store, nothing to lose.
    expect((await callJson<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`, { key: account.apiKey })).url).toBe(link.url);

    // No credential: the link is the credential.
    const started = await callJson<{ url: string; packageId: string; roleId: string }>("POST", `/api/fastTrack?token=${tokenOf(link.url)}`, { json: visitor });
    expect(started.roleId).toBe("Visitor");
    expect(started.url).toContain("/access?sessionToken=");
    const pkg = await callJson<Json & { roles: { id: string; signers: Json[] }[]; sender: Json }>("GET", `/api/packages/${started.packageId}`, { key: account.apiKey });
    expect(pkg).toMatchObject({ name: "Fast track NDA", status: "SENT", type: "PACKAGE", sender: { email: account.email } });
    expect(pkg.roles.find((role) => role.id === "Visitor")!.signers).toEqual([expect.objectContaining({ email: "vera@example.test", firstName: "Vera" })]);
    expect(pkg.roles.find((role) => role.id === "Known")!.signers).toEqual([expect.objectContaining({ email: "known@example.test" })]);

    // The signing link opens the visitor's ceremony.
    const opened = await call("GET", new URL(started.url).pathname + new URL(started.url).search);
    expect(opened.status).toBe(303);
  });

  it("makes a draft with signing=false", async () => {
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const { url } = await callJson<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=false`, { key: account.apiKey });
    const started = await callJson<{ packageId: string; url: string }>("POST", `/api/fastTrack?token=${tokenOf(url)}`, { json: visitor });
    expect(await callJson<Json>("GET", `/api/packages/${started.packageId}`, { key: account.apiKey })).toMatchObject({ status: "DRAFT" });
    expect(started.url).toContain(`/packages/${started.packageId}`);
  });

  it("refuses a forged or altered token, a role that is no placeholder, a signer without e-mail, and a package instead of a template", async () => {
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const { url } = await callJson<{ url: string }>("GET", `/api/fastTrack/${templateId}/url`, { key: account.apiKey });
    const token = tokenOf(url);
    const start = (withToken: string, roles: unknown) => call("POST", `/api/fastTrack?token=${encodeURIComponent(withToken)}`, { json: roles });

    expect((await start(token.replace(".s.", ".d."), visitor)).status).toBe(404);
    expect((await start(`other${token}`, visitor)).status).toBe(404);
    expect((await start("nonsense", visitor)).status).toBe(404);
    const known = await start(token, [{ id: "Known", signers: [{ email: "mallory@example.test", firstName: "M", lastName: "M" }] }]);
    expect([known.status, (await known.json()).messageKey]).toEqual([400, "error.validation.fastTrackRole"]);
    const noEmail = await start(token, [{ id: "Visitor", signers: [{ firstName: "V", lastName: "V" }] }]);
    expect([noEmail.status, (await noEmail.json()).messageKey]).toEqual([400, "error.validation.fastTrackSigner"]);
    expect((await start(token, [])).status).toBe(400);

    const multipart = multipartBody({ name: "Plain", roles: [], documents: [{ name: "D" }] }, [{ name: "d.pdf", bytes: await makePdf() }]);
    const { id: packageId } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
    expect((await call("GET", `/api/fastTrack/${packageId}/url?signing=true`, { key: account.apiKey })).status).toBe(400);

    // Another account cannot have this template's link.
    const stranger = await seedAccount();
    expect((await call("GET", `/api/fastTrack/${templateId}/url`, { key: stranger.apiKey })).status).toBe(404);
    // And once the template is gone, the link no longer works.
    const deleted = await call("DELETE", `/api/packages/${templateId}`, { key: account.apiKey });
    expect(deleted.status).toBeLessThan(300);
    const afterDelete = await start(token, visitor);
    expect([afterDelete.status, (await afterDelete.json()).messageKey]).toEqual([410, "error.gone.fastTrackTemplate"]);
  });
});
