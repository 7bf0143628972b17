import { deflateSync } from "node:zlib";
import { PDFDocument, decodePDFRawStream, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { ascii85, lzwZeros, runLengthZeros } from "@/tests/support/pdfs";
import {
  ascii85DecodeWithin,
  asciiHexDecodeWithin,
  DecodeLimitReached,
  inflateWithin,
  lzwDecodeWithin,
  runLengthDecodeWithin,
} from "./stream-decoders";

const MB = 1024 * 1024;

/** pdf-lib's decoders are ports of pdf.js's: what a reader makes of the same bytes. */
async function asReaderDecodes(data: Uint8Array, filter: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const stream = pdf.context.stream(data, { Filter: filter });
  return decodePDFRawStream(PDFRawStream.of(stream.dict, data)).decode();
}

const text = Buffer.from("BT /F1 12 Tf 72 700 Td (Hello, world: a page of text, more or less) Tj ET\n".repeat(50), "latin1");

describe("stream decoders", () => {
  it("decode what a reader decodes", async () => {
    expect(Buffer.from(await inflateWithin(deflateSync(text), MB))).toEqual(text);
    expect(Buffer.from(asciiHexDecodeWithin(Buffer.from(`${text.toString("hex")}>`), MB))).toEqual(text);
    expect(Buffer.from(ascii85DecodeWithin(ascii85(text), MB))).toEqual(text);
    const zeros = Buffer.alloc(100_000);
    expect(Buffer.from(runLengthDecodeWithin(runLengthZeros(100_000), MB)).subarray(0, 100_000).equals(zeros)).toBe(true);
    expect(Buffer.from(lzwDecodeWithin(lzwZeros(100_000), MB, 1)).subarray(0, 100_000).equals(zeros)).toBe(true);
    for (const [data, filter] of [
      [lzwZeros(3 * MB), "LZWDecode"],
      [runLengthZeros(MB), "RunLengthDecode"],
      [ascii85(text), "ASCII85Decode"],
    ] as const) {
      const ours = filter === "LZWDecode" ? lzwDecodeWithin(data, 8 * MB, 1) : filter === "RunLengthDecode" ? runLengthDecodeWithin(data, 8 * MB) : ascii85DecodeWithin(data, 8 * MB);
      const theirs = await asReaderDecodes(data, filter);
      expect([ours.length, Buffer.from(ours).equals(Buffer.from(theirs))]).toEqual([theirs.length, true]);
    }
  });

  it("stop at the limit, and take output exactly at it", async () => {
    await expect(inflateWithin(deflateSync(Buffer.alloc(MB + 1)), MB)).rejects.toBeInstanceOf(DecodeLimitReached);
    expect((await inflateWithin(deflateSync(Buffer.alloc(MB)), MB)).length).toBe(MB);
    expect(() => lzwDecodeWithin(lzwZeros(2 * MB), MB, 1)).toThrow(DecodeLimitReached);
    expect(() => runLengthDecodeWithin(runLengthZeros(2 * MB), MB)).toThrow(DecodeLimitReached);
    expect(() => ascii85DecodeWithin(Buffer.from("z".repeat(MB)), MB)).toThrow(DecodeLimitReached);
    expect(() => asciiHexDecodeWithin(Buffer.from("00".repeat(MB + 1)), MB)).toThrow(DecodeLimitReached);
    await expect(inflateWithin(deflateSync(Buffer.alloc(1)), 0)).rejects.toBeInstanceOf(DecodeLimitReached);
  });

  it("inflate data that breaks off or goes wrong as far as it goes", async () => {
    const whole = deflateSync(text);
    expect(Buffer.from(await inflateWithin(whole.subarray(0, whole.length - 10), MB)).length).toBeGreaterThan(text.length / 2);
    const damaged = Buffer.concat([deflateSync(Buffer.alloc(MB), { level: 0 }).subarray(0, 100_000), Buffer.from([0xff, 0xff, 0xff])]);
    expect((await inflateWithin(damaged, 10 * MB)).length).toBeGreaterThan(90_000);
  });
});
