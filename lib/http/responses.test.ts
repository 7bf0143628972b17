import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DECLARED_ENCODING_HEADER, DECLARED_LENGTH_HEADER } from "./content-length";
import { jsonAnswer } from "./responses";

const LARGE = { results: Array.from({ length: 40 }, (_, index) => ({ id: `package-${index}`, name: `Agreement number ${index}` })) };

function asking(acceptEncoding?: string): Request {
  return new Request("http://signet.test/api/packages", { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
}

describe("jsonAnswer", () => {
  it("gzips an answer of 1 KB or more for a client that accepts gzip, declaring its encoding and length past Next.js", async () => {
    const response = await jsonAnswer(asking("gzip, deflate, br"), LARGE);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get(DECLARED_ENCODING_HEADER)).toBe("gzip");
    expect(response.headers.get(DECLARED_LENGTH_HEADER)).toBe(String(bytes.length));
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(LARGE);
    expect(bytes.length).toBeLessThan(JSON.stringify(LARGE).length / 2);
  });

  it.each([
    ["no Accept-Encoding", undefined],
    ["identity only", "identity"],
    ["gzip refused with q=0", "gzip;q=0, deflate"],
    ["only encodings other than gzip", "br, deflate"],
  ])("sends the text as it is to a client that asks %s", async (_, acceptEncoding) => {
    const response = await jsonAnswer(asking(acceptEncoding), LARGE);
    const text = JSON.stringify(LARGE);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get(DECLARED_ENCODING_HEADER)).toBeNull();
    expect(response.headers.get(DECLARED_LENGTH_HEADER)).toBe(String(Buffer.byteLength(text)));
    expect(await response.text()).toBe(text);
  });

  it("sends an answer under 1 KB as it is, even to a client that accepts gzip", async () => {
    const response = await jsonAnswer(asking("gzip"), { id: "package-1" });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.json()).toEqual({ id: "package-1" });
  });
});
