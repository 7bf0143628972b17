import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { makePdf } from "../support/pdfs";
import { seedAccount } from "../support/seed";

/** The ceremony's PDF answers byte ranges, so pdf.js reads only the parts of a long document it draws. */

async function signerSession(packageId: string, roleId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.7", userAgent: "RangeTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

async function longDocument() {
  const owner = await seedAccount();
  const pdf = await makePdf({ pages: 20, padToBytes: 300_000 });
  const packageId = await createPackageWithFiles(
    owner.apiKey,
    {
      name: "Long",
      status: "SENT",
      roles: [{ id: "Reader", index: 1, type: "SIGNER", signers: [{ email: "reader@example.test", firstName: "Rae", lastName: "Reader" }] }],
      documents: [{ id: "long", name: "Long", approvals: [{ role: "Reader", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 19, top: 600, left: 100, width: 200, height: 50 }] }] }],
    },
    pdf,
  );
  return { packageId, pdf, cookie: await signerSession(packageId, "Reader") };
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("GET /api/signing/{packageId}/documents/{documentId}/pdf", () => {
  it("sends the whole file with Accept-Ranges, its length and an entity tag", async () => {
    const { packageId, pdf, cookie } = await longDocument();
    const response = await call("GET", `/api/signing/${packageId}/documents/long/pdf`, { headers: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe(String(pdf.byteLength));
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await bytesOf(response)).equals(pdf)).toBe(true);
  });

  it("answers a range with 206, Content-Range and exactly those bytes: the start, the middle, the end", async () => {
    const { packageId, pdf, cookie } = await longDocument();
    const url = `/api/signing/${packageId}/documents/long/pdf`;
    const cases: [string, number, number][] = [
      ["bytes=0-65535", 0, 65535],
      ["bytes=100000-165535", 100_000, 165_535],
      [`bytes=${pdf.byteLength - 1000}-`, pdf.byteLength - 1000, pdf.byteLength - 1],
      ["bytes=-2048", pdf.byteLength - 2048, pdf.byteLength - 1],
      [`bytes=${pdf.byteLength - 10}-${pdf.byteLength + 5000}`, pdf.byteLength - 10, pdf.byteLength - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await call("GET", url, { headers: { ...cookie, range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${pdf.byteLength}`);
      expect(response.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect((await bytesOf(response)).equals(pdf.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("refuses a range past the end or malformed with 416 and the file's size", async () => {
    const { packageId, pdf, cookie } = await longDocument();
    for (const range of [`bytes=${pdf.byteLength}-`, "bytes=500-100", "bytes=x-y"]) {
      const response = await call("GET", `/api/signing/${packageId}/documents/long/pdf`, { headers: { ...cookie, range } });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${pdf.byteLength}`);
      expect(await response.json()).toMatchObject({ code: 416, messageKey: "error.validation.rangeNotSatisfiable" });
    }
  });

  it("sends the whole file when If-Range names another version, and 304 when If-None-Match names this one", async () => {
    const { packageId, pdf, cookie } = await longDocument();
    const url = `/api/signing/${packageId}/documents/long/pdf`;
    const etag = (await call("GET", url, { headers: { ...cookie, range: "bytes=0-0" } })).headers.get("etag")!;
    const stale = await call("GET", url, { headers: { ...cookie, range: "bytes=0-9", "if-range": '"0000"' } });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).byteLength).toBe(pdf.byteLength);
    expect((await call("GET", url, { headers: { ...cookie, range: "bytes=0-9", "if-range": etag } })).status).toBe(206);
    expect((await call("GET", url, { headers: { ...cookie, "if-none-match": etag } })).status).toBe(304);
  });

  it("serves the built-in consent document by ranges too", async () => {
    const { packageId, cookie } = await longDocument();
    const url = `/api/signing/${packageId}/documents/default-consent/pdf`;
    const whole = await bytesOf(await call("GET", url, { headers: cookie }));
    const part = await call("GET", url, { headers: { ...cookie, range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${whole.byteLength}`);
    expect((await bytesOf(part)).toString("latin1")).toBe(whole.subarray(0, 8).toString("latin1"));
  });

  it("asks for the signer's session before any byte, ranges included", async () => {
    const { packageId } = await longDocument();
    const response = await call("GET", `/api/signing/${packageId}/documents/long/pdf`, { headers: { range: "bytes=0-9" } });
    expect(response.status).toBe(401);
  });
});
