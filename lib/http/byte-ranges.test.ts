import { describe, expect, it } from "vitest";
import { rangedDownload, readRange, type RangeableFile } from "./byte-ranges";

describe("readRange", () => {
  it("serves one byte range, cut at the end of the file", () => {
    expect(readRange("bytes=0-99", 1000)).toEqual({ kind: "partial", range: { start: 0, end: 99 } });
    expect(readRange("bytes=900-", 1000)).toEqual({ kind: "partial", range: { start: 900, end: 999 } });
    expect(readRange("bytes=-100", 1000)).toEqual({ kind: "partial", range: { start: 900, end: 999 } });
    expect(readRange("bytes=990-5000", 1000)).toEqual({ kind: "partial", range: { start: 990, end: 999 } });
    expect(readRange("bytes=-5000", 1000)).toEqual({ kind: "partial", range: { start: 0, end: 999 } });
    expect(readRange(" Bytes = 5-5 ", 1000)).toEqual({ kind: "partial", range: { start: 5, end: 5 } });
  });

  it("sends the whole file without a header, for another unit, or for several ranges", () => {
    expect(readRange(null, 1000)).toEqual({ kind: "whole" });
    expect(readRange("pages=1-2", 1000)).toEqual({ kind: "whole" });
    expect(readRange("bytes=0-9, 20-29", 1000)).toEqual({ kind: "whole" });
  });

  it("refuses malformed ranges and ranges past the end", () => {
    for (const header of ["bytes=1000-", "bytes=1000-1001", "bytes=5-2", "bytes=-0", "bytes=-", "bytes=", "bytes=a-b", "bytes=1.5-2", "bytes 0-1", "bytes=99999999999999999999-"]) {
      expect(readRange(header, 1000), header).toEqual({ kind: "unsatisfiable" });
    }
    expect(readRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(readRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("rangedDownload", () => {
  const bytes = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
  const file: RangeableFile = { size: 100, etag: '"abc"', open: async (range) => (range ? bytes.slice(range.start, range.end + 1) : bytes) };
  const get = (headers: Record<string, string> = {}) => rangedDownload(new Request("http://signet.test/file", { headers }), file, "file.pdf", "application/pdf", { "cache-control": "private" });

  it("says it accepts ranges and sends the whole file with its length and tag", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({ "accept-ranges": "bytes", "content-length": "100", etag: '"abc"', "content-type": "application/pdf", "cache-control": "private" });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("answers 206 with Content-Range and the part's length", async () => {
    const response = await get({ range: "bytes=10-19" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 10-19/100");
    expect(response.headers.get("content-length")).toBe("10");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("answers 416 with the file's size for a range it cannot serve", async () => {
    const response = await get({ range: "bytes=100-" });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */100");
    expect(await response.json()).toMatchObject({ code: 416, messageKey: "error.validation.rangeNotSatisfiable" });
  });

  it("sends the whole file when If-Range names another version, the part when it names this one", async () => {
    expect((await get({ range: "bytes=0-9", "if-range": '"other"' })).status).toBe(200);
    expect((await get({ range: "bytes=0-9", "if-range": "Wed, 21 Oct 2015 07:28:00 GMT" })).status).toBe(200);
    expect((await get({ range: "bytes=0-9", "if-range": '"abc"' })).status).toBe(206);
  });

  it("answers 304 when If-None-Match names the file", async () => {
    const response = await get({ "if-none-match": 'W/"abc", "x"' });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"abc"');
  });
});
