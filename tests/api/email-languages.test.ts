import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { runDueWork } from "@/lib/esign/time-based/run-due-work";
import { createPackageWithFiles } from "../support/packages";
import { outboxOf } from "../support/recorded";
import { seedAccount } from "../support/seed";

/** The language of the e-mails a package sends: the signer's own when set, else the package's, else English. */

const signature = (left: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left, width: 150, height: 50 });

/** A sent package whose signers all sign at once, each with the given wire `signer` members. */
async function sentPackage(apiKey: string, language: string | undefined, signers: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<string> {
  const roleIds = signers.map((_, i) => `Signer${i + 1}`);
  return createPackageWithFiles(apiKey, {
    name: "Lease",
    status: "SENT",
    ...(language ? { language } : {}),
    ...extra,
    roles: roleIds.map((id, i) => ({ id, index: 1, type: "SIGNER", signers: [signers[i]] })),
    documents: [{ id: "doc1", name: "Lease", approvals: roleIds.map((id, i) => ({ id: `sign-${id}`, role: id, fields: [signature(60 + 170 * i)] })) }],
  });
}

async function invitationTo(packageId: string, to: string) {
  const mails = (await outboxOf(packageId, "SIGNING_INVITATION")).filter((mail) => mail.to === to);
  expect(mails).toHaveLength(1);
  return mails[0];
}

afterEach(() => resetClock());

describe("the language of a package's e-mails", () => {
  it("a package in German invites its signers in German", async () => {
    const owner = await seedAccount();
    const id = await sentPackage(owner.apiKey, "de", [{ email: "ann@example.test", firstName: "Ann", lastName: "Ahn" }]);

    const mail = await invitationTo(id, "ann@example.test");
    expect(mail.subject).toMatch(/bittet Sie, „Lease“ zu unterschreiben$/);
    expect(mail.text).toContain("Guten Tag Ann Ahn,");
    expect(mail.text).toContain("Prüfen und unterschreiben: http");
    expect(mail.html).toContain('<html lang="de">');
  });

  it("a signer's own language wins over the package's; a signer without one gets the package's", async () => {
    const owner = await seedAccount();
    const id = await sentPackage(owner.apiKey, "es", [
      { email: "ken@example.test", firstName: "Ken", lastName: "Sato", language: "ja" },
      { email: "eva@example.test", firstName: "Eva", lastName: "Ruiz" },
      { email: "rui@example.test", firstName: "Rui", lastName: "Lima", language: "pt-BR" },
    ]);

    const japanese = await invitationTo(id, "ken@example.test");
    expect(japanese.subject).toMatch(/さんから「Lease」への署名依頼が届いています$/);
    expect(japanese.text).toContain("Ken Sato 様");
    expect(japanese.html).toContain('<html lang="ja">');

    const spanish = await invitationTo(id, "eva@example.test");
    expect(spanish.subject).toMatch(/le pide que firme «Lease»$/);
    expect(spanish.html).toContain('<html lang="es">');

    // A region tag falls back to its base language.
    const portuguese = await invitationTo(id, "rui@example.test");
    expect(portuguese.subject).toMatch(/pede que você assine "Lease"$/);
    expect(portuguese.html).toContain('<html lang="pt">');
  });

  it("a package without a language, or in one we do not ship, writes in English", async () => {
    const owner = await seedAccount();
    const plain = await sentPackage(owner.apiKey, undefined, [{ email: "ann@example.test", firstName: "Ann", lastName: "Ahn" }]);
    const chinese = await sentPackage(owner.apiKey, "zh-CN", [{ email: "bo@example.test", firstName: "Bo", lastName: "Li" }]);

    for (const mail of [await invitationTo(plain, "ann@example.test"), await invitationTo(chinese, "bo@example.test")]) {
      expect(mail.subject).toMatch(/asks you to sign "Lease"$/);
      expect(mail.html).toContain('<html lang="en">');
    }
  });

  it("the e-mails to the package's sender are in the sender's own language", async () => {
    const owner = await seedAccount();
    const db = await getDb();
    await db.update(users).set({ language: "fr" }).where(eq(users.id, owner.userId));
    const due = new Date(now().getTime() + 24 * 60 * 60 * 1000);
    const id = await sentPackage(owner.apiKey, "de", [{ email: "ann@example.test", firstName: "Ann", lastName: "Ahn" }], { due: due.toISOString() });
    expect((await invitationTo(id, "ann@example.test")).html).toContain('<html lang="de">');

    advanceClock(2 * 24 * 60 * 60 * 1000);
    expect((await runDueWork(now(), { accountIds: [owner.accountId] })).expired).toBe(1);
    const [expired] = await outboxOf(id, "EXPIRED");
    expect(expired.subject).toBe("« Lease » a expiré");
    expect(expired.text).toContain("Bonjour Olive Owner,");
    expect(expired.html).toContain('<html lang="fr">');
  });
});
