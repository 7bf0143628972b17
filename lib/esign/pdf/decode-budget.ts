import { unprocessable, type ServiceError } from "@/lib/esign/errors";
import { corruptPdf, encryptedPdf } from "./corrupt-pdf";
import {
  ascii85DecodeWithin,
  asciiHexDecodeWithin,
  DecodeLimitReached,
  inflateWithin,
  lzwDecodeWithin,
  runLengthDecodeWithin,
} from "./stream-decoders";

/** How much an upload's streams may decode to (lib/config.ts: MAX_PDF_STREAM_MB, MAX_PDF_DECODED_MB). */
export interface DecodeLimits {
  /** Most bytes one filter of one stream may decode to: the largest buffer a reader makes for one stream. */
  maxStreamBytes: number;
  /** Most bytes all the filters of all the streams of the document may decode to, together. */
  maxDecodedBytes: number;
}

/**
 * Refuses a PDF whose streams decode past the limits, before any parser reads it: pdf-lib decodes
 * object streams as it loads a file, and PDFium decodes page content, forms, fonts and CMaps to
 * find text (page-text.ts), each through every filter of the stream's /Filter chain (a "bomb" stacks them: Flate
 * over Flate, Flate over RunLength...). Every stream of the file is decoded here through its
 * whole chain, each filter's output counted against one budget for the document, and each
 * decoder stops as soon as the budget is spent.
 *
 * Which streams: every one a reader could reach, wherever a cross reference points (read as
 * pdf.js, the strictest of the readers this was first reasoned against, reads it; PDFium's
 * recovery of a broken cross reference also looks for `obj` keywords): after every
 * `obj` keyword of the file (in the data of other streams too), a dictionary followed by `stream`,
 * the dictionary read as pdf.js reads it (OBJ_KEYWORD, PdfSyntax); and every object of a decoded
 * object stream, recursively. A `stream` keyword that belongs to none of them makes the file
 * corrupt (400): no reader could be told what it decodes to. /Length is not trusted: the first filter reads from the start
 * of the data to its own end-of-data mark (the end of the file at most), as far as any reader does.
 * The chain is read as pdf.js reads it (/F before /Filter, /DP before /DecodeParms) and as pdf-lib
 * reads it (/Filter), both counted when they differ.
 *
 * Images: their Flate, LZW, RunLength and ASCII layers are decoded and counted like any stream's
 * (a stream's /Subtype does not tell how the document uses it: pdf.js reads a stream named as page
 * content whatever it says it is). Image codecs (DCT, JPX, JBIG2, CCITT) are not decoded here, and
 * nothing on the server decodes them: PDFium decodes no image XObject when it finds text, those
 * Type3 glyphs paint included (measured: a 400 MB image drawn both ways added nothing); pdf-lib
 * and @libpdf/core copy image streams as they are; content and fonts coded as images are refused
 * (content-streams.ts). Inline images are the exception: PDFium decodes their first filter as it
 * parses the content (decodeInlineImages). An
 * image codec followed by another filter is refused: its output would be decoded further, and
 * nothing legitimate does that. So is a predictor on any filter but the last (it would change what
 * the next filter reads) and a /Filter given by reference. A filter pdf.js does not know is passed
 * over, as pdf.js passes it over (the next filter reads the same bytes).
 */
export async function assertDecodesWithin(bytes: Uint8Array, limits: DecodeLimits, label: string): Promise<void> {
  const budget: Budget = { remaining: limits.maxDecodedBytes, ...limits, label, bytesLeft: READS_PER_BYTE * bytes.byteLength };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const streams: PdfStream[] = [];
  for (const keyword of text.matchAll(OBJ_KEYWORD)) {
    const stream = streamAt(bytes, text, keyword.index + keyword[0].length, budget);
    if (stream) streams.push(stream);
  }
  assertEveryStreamKeywordRead(text, streams, label);
  assertNoEncryption(text, streams, budget);
  for (const stream of streams) await decodeWithin(stream, budget, 0);
  // The file as it stands: unfiltered content, and what PDFium parses as content where a stream's
  // filters fail (it falls back to the stream's raw bytes).
  await decodeInlineImages(bytes, budget, text);
}

/**
 * pdf.js decrypts every stream when the trailer it reads (after a cross-reference table, or a
 * cross-reference stream's dictionary) names /Encrypt, and the budget would have counted the
 * encrypted bytes. pdf-lib refuses an encrypted upload, but only sees the trailers it reads in
 * order: one hidden in a stream's data is found here. Any trailer or stream naming /Encrypt is
 * refused as encrypted.
 */
function assertNoEncryption(text: string, streams: PdfStream[], budget: Budget): void {
  const trailers: PdfValue[] = [];
  for (const keyword of text.matchAll(TRAILER_KEYWORD)) {
    const syntax = new PdfSyntax(text, budget, keyword.index + keyword[0].length);
    try {
      syntax.skipSpace();
      if (text.startsWith("<<", syntax.position)) trailers.push(syntax.value());
    } catch (error) {
      if (!(error instanceof PdfSyntaxError)) throw error;
    }
  }
  const dictionaries = [...trailers, ...streams.map((stream) => stream.dictionary)];
  if (dictionaries.some((dictionary) => dictionary instanceof Map && dictionary.has("Encrypt"))) throw encryptedPdf(budget.label);
}

const TRAILER_KEYWORD = /trailer(?![^\0\t\n\f\r ()<>[\]{}/%])/g;

interface Budget extends DecodeLimits {
  remaining: number;
  label: string;
  /**
   * How many more bytes reading dictionaries may go over, together. Each dictionary is read from
   * its own `obj`, so a real file's bytes are read about once (a number again when looking for
   * `R` after it); dictionaries that hold other `obj`s and their dictionaries (pdf.js skips them a
   * token at a time) would be read again from each, in time square of their size.
   */
  bytesLeft: number;
}

/** A stream object: its dictionary, and its data to the end of what holds it (see above). */
interface PdfStream {
  dictionary: PdfDictionary;
  /** Where its `stream` keyword is, and where the data starts (after the keyword's end of line). */
  keywordAt: number;
  dataStart: number;
  data: Uint8Array;
}

const MAX_OBJECT_STREAM_DEPTH = 4;
const READS_PER_BYTE = 4;

async function decodeWithin(stream: PdfStream, budget: Budget, depth: number): Promise<void> {
  for (const chain of filterChainsOf(stream.dictionary, budget.label)) {
    const decoded = await decodeChain(stream.data, chain, budget);
    // The raw bytes are looked through once, as a whole (assertDecodesWithin).
    if (decoded && chain.length > 0) await decodeInlineImages(decoded, budget);
    // pdf.js reads any stream with /N and /First as an object stream when a cross reference says
    // so, whatever its /Type.
    if (decoded && isObjectStream(stream.dictionary, budget.label)) {
      if (depth >= MAX_OBJECT_STREAM_DEPTH) throw tooComplex(budget.label, "has object streams nested too deep");
      for (const inner of streamsOfObjectStream(stream.dictionary, decoded, budget)) await decodeWithin(inner, budget, depth + 1);
    }
  }
}

interface Filter {
  name: string;
  earlyChange: number;
  hasPredictor: boolean;
}

const IMAGE_CODECS = new Set(["DCTDecode", "DCT", "JPXDecode", "JPX", "JBIG2Decode", "CCITTFaxDecode", "CCF"]);

/**
 * Decodes `data` through the chain, each filter's output counted against the budget. Answers the
 * last output (an object stream's objects), or undefined when the chain ends in an image codec.
 */
async function decodeChain(data: Uint8Array, chain: Filter[], budget: Budget): Promise<Uint8Array | undefined> {
  let current = data;
  for (const [index, filter] of chain.entries()) {
    const last = index === chain.length - 1;
    if (IMAGE_CODECS.has(filter.name)) {
      if (!last) throw tooComplex(budget.label, `has a stream whose image filter ${filter.name} is followed by another filter`);
      return undefined;
    }
    if (filter.hasPredictor && !last) throw tooComplex(budget.label, "has a stream with a predictor before another filter");
    const limit = Math.min(budget.remaining, budget.maxStreamBytes);
    try {
      current = await decodeFilter(current, filter, limit);
    } catch (error) {
      if (!(error instanceof DecodeLimitReached)) throw error;
      throw limit < budget.maxStreamBytes
        ? tooComplex(budget.label, `has streams that decode past ${megabytes(budget.maxDecodedBytes)} MB in all`)
        : tooComplex(budget.label, `has a stream that decodes past ${megabytes(budget.maxStreamBytes)} MB`);
    }
    budget.remaining -= current.length;
  }
  return current;
}

/** One filter's output; a filter pdf.js does not know passes the bytes on as they are, as in pdf.js. */
function decodeFilter(input: Uint8Array, filter: Filter, limit: number): Promise<Uint8Array> | Uint8Array {
  switch (filter.name) {
    case "FlateDecode":
    case "Fl":
      return inflateWithin(input, limit);
    case "LZWDecode":
    case "LZW":
      return lzwDecodeWithin(input, limit, filter.earlyChange);
    case "RunLengthDecode":
    case "RL":
      return runLengthDecodeWithin(input, limit);
    case "ASCIIHexDecode":
    case "AHx":
      return asciiHexDecodeWithin(input, limit);
    case "ASCII85Decode":
    case "A85":
      return ascii85DecodeWithin(input, limit);
    default:
      return input;
  }
}

/** The chains pdf.js (/F or /Filter, /DP or /DecodeParms) and pdf-lib (/Filter, /DecodeParms) read, once each. */
function filterChainsOf(dictionary: PdfDictionary, label: string): Filter[][] {
  const read = (filterKey: string, paramsKey: string) => {
    const filters = dictionary.get(filterKey);
    const params = dictionary.get(paramsKey);
    if (filters === undefined) return [];
    if (filters instanceof PdfName) return [filterOf(filters, params)];
    if (!Array.isArray(filters)) throw tooComplex(label, "has a stream whose /Filter is not a name or an array of names");
    return filters.map((filter, index) => {
      if (!(filter instanceof PdfName)) throw tooComplex(label, "has a stream whose /Filter is not a name or an array of names");
      return filterOf(filter, Array.isArray(params) ? params[index] : undefined);
    });
  };
  const asPdfJs = read(dictionary.has("F") ? "F" : "Filter", dictionary.has("DP") ? "DP" : "DecodeParms");
  const asPdfLib = read("Filter", "DecodeParms");
  const same = JSON.stringify(asPdfJs) === JSON.stringify(asPdfLib);
  return same ? [asPdfJs] : [asPdfJs, asPdfLib];
}

function filterOf(filter: PdfName, params: PdfValue | undefined): Filter {
  const parameters = params instanceof Map ? params : undefined;
  const earlyChange = parameters?.get("EarlyChange");
  const predictor = parameters?.get("Predictor");
  return {
    name: filter.name,
    earlyChange: typeof earlyChange === "number" ? earlyChange : 1,
    // Parameters or a predictor given by reference might name one: counted as one.
    hasPredictor: params instanceof PdfReference || predictor instanceof PdfReference || (typeof predictor === "number" && predictor > 1),
  };
}

/**
 * Whether pdf.js may read the stream as an object stream: it has /First (an ICC profile has /N
 * alone). pdf.js looks /N and /First up through references, which are not followed here: refused.
 */
function isObjectStream(dictionary: PdfDictionary, label: string): boolean {
  if (!dictionary.has("First")) return false;
  if (!Number.isInteger(dictionary.get("N")) || !Number.isInteger(dictionary.get("First"))) {
    throw tooComplex(label, "has an object stream whose /N or /First is not a number");
  }
  return true;
}

/** The objects of a decoded object stream that are streams (pdf.js reads streams there too). */
function streamsOfObjectStream(dictionary: PdfDictionary, decoded: Uint8Array, budget: Budget): PdfStream[] {
  const text = Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength).toString("latin1");
  budget.bytesLeft += READS_PER_BYTE * decoded.byteLength;
  const first = dictionary.get("First") as number;
  const count = dictionary.get("N") as number;
  const streams: PdfStream[] = [];
  const syntax = new PdfSyntax(text, budget);
  try {
    // As pdf.js: N pairs of numbers, wherever /First is. A pair pdf.js might read otherwise (it
    // reads `1-0` as 10, say) is refused, not passed over.
    for (let i = 0; i < count; i++) {
      const [number, offset] = [syntax.value(), syntax.value()];
      if (!isCount(number) || !isCount(offset)) throw tooComplex(budget.label, "has an object stream whose object offsets cannot be read");
      const stream = streamAt(decoded, text, first + offset, budget);
      if (stream) streams.push(stream);
    }
  } catch (error) {
    if (!(error instanceof PdfSyntaxError)) throw error;
  }
  return streams;
}

function isCount(value: PdfValue): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** The stream whose dictionary starts at `position` (after `obj`), or undefined if none does. */
function streamAt(bytes: Uint8Array, text: string, position: number, budget: Budget): PdfStream | undefined {
  const syntax = new PdfSyntax(text, budget, position);
  try {
    syntax.skipSpace();
    if (!text.startsWith("<<", syntax.position)) return undefined;
    const dictionary = syntax.value();
    if (!(dictionary instanceof Map)) return undefined;
    syntax.skipSpace();
    if (!syntax.keywordIs("stream")) return undefined;
    const keywordAt = syntax.position;
    // As pdf.js and pdf-lib do: the data starts after the line the keyword ends.
    const lineEnd = /\r\n?|\n/g;
    lineEnd.lastIndex = syntax.position + "stream".length;
    const eol = lineEnd.exec(text);
    const dataStart = eol ? eol.index + eol[0].length : text.length;
    return { dictionary, keywordAt, dataStart, data: bytes.subarray(dataStart) };
  } catch (error) {
    if (error instanceof PdfSyntaxError) return undefined;
    throw error;
  }
}

/** The keyword `stream` (not `endstream`, not within another word). */
const STREAM_KEYWORD = /(?<![^\0\t\n\f\r ()<>[\]{}/%])stream(?![^\0\t\n\f\r ()<>[\]{}/%])/g;

/**
 * Every `stream` keyword after a dictionary must be one of the streams read, or lie in the data of
 * one (binary data, an embedded file): else some reader might find a stream this check did not.
 */
function assertEveryStreamKeywordRead(text: string, streams: PdfStream[], label: string): void {
  const read = new Set(streams.map((stream) => stream.keywordAt));
  const dataRanges = streams.map((stream) => [stream.dataStart, dataEndOf(text, stream)]);
  for (const keyword of text.matchAll(STREAM_KEYWORD)) {
    if (read.has(keyword.index) || !mayFollowDictionary(text, keyword.index)) continue;
    if (dataRanges.some(([start, end]) => start <= keyword.index && keyword.index < end)) continue;
    throw corruptPdf(label, `a stream at byte ${keyword.index} belongs to no object that can be read`);
  }
}

/**
 * Whether only white space stands between `>>` and the keyword at `index`, or a comment may (a
 * line with a `%` before it): each keyword looks back over its own white space and line only, so
 * this is linear in the file.
 */
function mayFollowDictionary(text: string, index: number): boolean {
  let position = index - 1;
  while (position >= 0 && WHITE_SPACE.has(text.charCodeAt(position))) {
    if (text[position] === "\n" || text[position] === "\r") {
      const lineStart = Math.max(text.lastIndexOf("\n", position - 1), text.lastIndexOf("\r", position - 1)) + 1;
      if (text.slice(lineStart, position).includes("%")) return true;
    }
    position--;
  }
  return position >= 1 && text[position] === ">" && text[position - 1] === ">";
}

/** Where the stream's data ends: at its /Length when `endstream` follows there, else at the next `endstream`. */
function dataEndOf(text: string, stream: PdfStream): number {
  const length = stream.dictionary.get("Length");
  if (typeof length === "number" && length >= 0) {
    const end = stream.dataStart + length;
    if (/^[\0\t\n\f\r ]*endstream/.test(text.slice(end, end + 32))) return end;
  }
  const next = text.indexOf("endstream", stream.dataStart);
  return next < 0 ? text.length : next;
}

/** `BI`, the operator that begins an inline image in a content stream, as a word of its own. */
const INLINE_IMAGE_KEYWORD = /(?<![^\0\t\n\f\r ()<>[\]{}/%])BI(?![^\0\t\n\f\r ()<>[\]{}/%])/;
/** The abbreviations of an inline image's dictionary that name what the budget reads. */
const INLINE_IMAGE_KEYS: Record<string, string> = { F: "Filter", DP: "DecodeParms", W: "Width", H: "Height", BPC: "BitsPerComponent", CS: "ColorSpace", IM: "ImageMask" };
const COMPONENTS: Record<string, number> = { G: 1, DeviceGray: 1, RGB: 3, DeviceRGB: 3, CMYK: 4, DeviceCMYK: 4, I: 1, Indexed: 1 };

/**
 * PDFium, as it parses a content stream to read a page's text, decodes each inline image's first
 * filter to find where its data ends, and keeps nothing of it (measured: a 400 MB inline Flate
 * image took 1.5 s and 900 MB). Every `BI` in the file and in every stream's decoded data (any
 * stream may be read as content) is read here much as PDFium's parser reads it
 * (CPDF_StreamContentParser::Handle_BeginImage, CPDF_StreamParser::ReadInlineStream), and every
 * first filter its dictionary may name is counted: a JPEG's or a fax image's as the size its own
 * header or parameters give. An image without a filter is read as it stands.
 *
 * Not followed, and left to the memory watchdog (pdf-pool.ts), which ends a job past
 * PDF_WORKER_MEMORY_MB: an inline image split over two content streams of a page (PDFium joins
 * them), and content whose last filter has a predictor, which PDFium applies before it parses.
 */
async function decodeInlineImages(content: Uint8Array, budget: Budget, contentText?: string): Promise<void> {
  // Most decoded data (images, fonts) holds no `BI` word: found in the bytes before any text is made of them.
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  let candidate = bytes.indexOf("BI");
  while (candidate >= 0 && !(isWordEdge(bytes[candidate - 1]) && isWordEdge(bytes[candidate + 2]))) candidate = bytes.indexOf("BI", candidate + 1);
  if (candidate < 0) return;
  const text = contentText ?? bytes.toString("latin1");
  budget.bytesLeft += READS_PER_BYTE * content.byteLength;
  const keywords = new RegExp(INLINE_IMAGE_KEYWORD.source, "g");
  keywords.lastIndex = candidate;
  for (let keyword = keywords.exec(text); keyword; keyword = keywords.exec(text)) {
    const image = inlineImageAt(content, text, keyword.index + 2, budget);
    if (image) await decodeInlineImage(image, budget);
  }
}

/** Whether a byte (undefined at either end of the data) may stand beside a keyword: white space, a delimiter or nothing. */
const isWordEdge = (byte: number | undefined) => byte === undefined || WHITE_SPACE.has(byte) || DELIMITERS.has(byte);

/** An inline image's entries by their full names, and every value given for /F or /Filter, in order. */
type InlineImageDictionary = PdfDictionary & { filterValues: PdfValue[] };

interface InlineImage {
  dictionary: InlineImageDictionary;
  data: Uint8Array;
}

/**
 * The image whose dictionary follows `BI` at `position`: names and values up to `ID`, or up to the
 * first entry that is not a name, where PDFium stops and reads the data all the same.
 */
function inlineImageAt(content: Uint8Array, text: string, position: number, budget: Budget): InlineImage | undefined {
  const syntax = new PdfSyntax(text, budget, position);
  const dictionary = Object.assign(new Map<string, PdfValue>(), { filterValues: [] as PdfValue[] });
  try {
    for (;;) {
      syntax.skipSpace();
      if (syntax.keywordIs("ID")) {
        syntax.position += 2;
        break;
      }
      const key = syntax.value();
      if (!(key instanceof PdfName)) break;
      const value = syntax.value();
      dictionary.set(INLINE_IMAGE_KEYS[key.name] ?? key.name, value);
      if (key.name === "F" || key.name === "Filter") dictionary.filterValues.push(value);
    }
  } catch (error) {
    if (error instanceof PdfSyntaxError) return undefined;
    throw error;
  }
  // One white-space byte after `ID` belongs to the operator.
  const dataStart = syntax.position + (WHITE_SPACE.has(text.charCodeAt(syntax.position)) ? 1 : 0);
  return { dictionary, data: content.subarray(dataStart) };
}

/**
 * Counts the first filter the image names: every one it may name, as PDFium lets an abbreviated
 * key overwrite the full one whatever their order, does not read #xx in a key, and takes a
 * string's text as a filter's name.
 */
async function decodeInlineImage({ dictionary, data }: InlineImage, budget: Budget): Promise<void> {
  const params = dictionary.get("DecodeParms");
  const firstParams = Array.isArray(params) ? params[0] : params;
  const names = new Set(dictionary.filterValues.map(firstFilterName).filter((name) => name !== undefined));
  for (const name of names) {
    if (name === "DCTDecode" || name === "DCT") countDecodedBytes(jpegBytes(data, dictionary), budget);
    else if (name === "CCITTFaxDecode" || name === "CCF") countDecodedBytes(faxBytes(firstParams, dictionary), budget);
    else if (IMAGE_CODECS.has(name)) countDecodedBytes(inlineImageBytes(dictionary), budget);
    else if (DECODED_FILTERS.has(name)) await decodeChain(data, [filterOf(new PdfName(name), firstParams)], budget);
  }
}

/** The name of the first filter a /Filter value names: a name, a string, or the first of an array of them. */
function firstFilterName(value: PdfValue): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first instanceof PdfName) return first.name;
  if (typeof first !== "string") return undefined;
  if (first.startsWith("(") && first.endsWith(")")) return first.slice(1, -1);
  if (first.startsWith("<") && first.endsWith(">")) return Buffer.from(first.slice(1, -1).replace(/\s/g, ""), "hex").toString("latin1");
  return undefined;
}

/**
 * What decoding a JPEG holds: its frame's size (the SOF marker's, which PDFium decodes whatever
 * the dictionary says) or the dictionary's, the larger, at two bytes a sample (a progressive JPEG
 * keeps every coefficient of the image).
 */
function jpegBytes(data: Uint8Array, dictionary: InlineImageDictionary): number {
  const frame = jpegFrame(data);
  const width = Math.max(numberIn(dictionary, "Width"), frame?.width ?? 0);
  const height = Math.max(numberIn(dictionary, "Height"), frame?.height ?? 0);
  return 2 * width * height * (frame?.components ?? 4);
}

/** The size a JPEG's frame header (its SOF marker) gives, found by walking its marker segments from the start. */
function jpegFrame(data: Uint8Array): { width: number; height: number; components: number } | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let at = 2;
  for (let segments = 0; segments < 1000 && at + 9 < data.length; segments++) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (data[at + 5] << 8) | data[at + 6], width: (data[at + 7] << 8) | data[at + 8], components: Math.max(1, data[at + 9]) };
    }
    at += 2 + ((data[at + 2] << 8) | data[at + 3]);
  }
  return undefined;
}

/** What decoding a fax image holds: a bit a pixel, /Columns (1728 unless given) by /Rows or the height, the larger. */
function faxBytes(params: PdfValue | undefined, dictionary: InlineImageDictionary): number {
  const parameters = params instanceof Map ? params : new Map<string, PdfValue>();
  const columns = parameters.has("Columns") ? numberIn(parameters, "Columns") : 1728;
  return Math.ceil(columns / 8) * Math.max(numberIn(parameters, "Rows"), numberIn(dictionary, "Height"));
}

function numberIn(dictionary: PdfDictionary, key: string): number {
  const value = dictionary.get(key);
  return typeof value === "number" && value >= 0 ? value : 0;
}

const DECODED_FILTERS = new Set(["FlateDecode", "Fl", "LZWDecode", "LZW", "RunLengthDecode", "RL", "ASCIIHexDecode", "AHx", "ASCII85Decode", "A85"]);

/** The bytes of an image's rows as PDFium sizes them: components × bits × width, rounded up to bytes, by height. */
function inlineImageBytes(dictionary: PdfDictionary): number {
  const number = (key: string, fallback: number) => (dictionary.has(key) ? numberIn(dictionary, key) : fallback);
  const mask = dictionary.get("ImageMask") === "true";
  const colorSpace = dictionary.get("ColorSpace");
  const components = mask ? 1 : colorSpace instanceof PdfName ? (COMPONENTS[colorSpace.name] ?? 4) : 4;
  const bits = mask ? 1 : number("BitsPerComponent", 8);
  return Math.ceil((components * bits * number("Width", 0)) / 8) * number("Height", 0);
}

function countDecodedBytes(bytes: number, budget: Budget): void {
  if (bytes > budget.maxStreamBytes) throw tooComplex(budget.label, `has a stream that decodes past ${megabytes(budget.maxStreamBytes)} MB`);
  if (bytes > budget.remaining) throw tooComplex(budget.label, `has streams that decode past ${megabytes(budget.maxDecodedBytes)} MB in all`);
  budget.remaining -= bytes;
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

function tooComplex(label: string, what: string): ServiceError {
  return unprocessable("error.validation.pdfTooComplex", `The PDF for document "${label}" ${what}; it is refused as too complex to process.`);
}

// ---- Enough of the PDF syntax (ISO 32000-1, 7.2 and 7.3) to read a stream's dictionary ----

/**
 * The keyword `obj` of `12 0 obj`, whatever stands before it. pdf.js reads an object where a cross
 * reference (a table, a cross-reference stream, or in recovery its own scan) points, and checks
 * that two numbers and `obj` are there, with any white space and comments between; the object
 * that follows is a stream when it is a dictionary followed by `stream`. Whatever the numbers are
 * and wherever the cross reference points, such a stream has `obj` before its dictionary, so every
 * `obj` in the file (in other streams' data too) is a place a stream may start.
 */
const OBJ_KEYWORD = /obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;

class PdfName {
  constructor(readonly name: string) {}
  toJSON() {
    return `/${this.name}`;
  }
}

class PdfReference {
  toJSON() {
    return "R";
  }
}

/** Numbers, names, dictionaries (Map), arrays, references; strings and other keywords as their text. */
type PdfValue = number | string | PdfName | PdfReference | PdfValue[] | PdfDictionary | null;
type PdfDictionary = Map<string, PdfValue>;

class PdfSyntaxError extends Error {}

const WHITE_SPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([..."()<>[]{}/%"].map((char) => char.charCodeAt(0)));
const MAX_NESTING = 64;

/**
 * Reads values as pdf.js's parser does (core/parser.js), so that a dictionary has here the entries
 * it has there: where a key belongs, whatever is not a name is skipped one token at a time (`[`,
 * `<<` and `(...)` each one token); a keyword where a value belongs (`>>`, `]`, `>`, `{`, `}`,
 * `true`) is the value; `number generation R` is a reference, comments between included.
 */
class PdfSyntax {
  constructor(
    private readonly text: string,
    private readonly budget: Budget,
    public position = 0,
  ) {}

  skipSpace(): void {
    const start = this.position;
    this.skipSpaceFrom();
    this.charge(this.position - start);
  }

  private charge(bytes: number): void {
    this.budget.bytesLeft -= bytes;
    if (this.budget.bytesLeft < 0) throw tooComplex(this.budget.label, "has dictionaries inside one another");
  }

  private skipSpaceFrom(): void {
    const { text } = this;
    while (this.position < text.length) {
      const char = text.charCodeAt(this.position);
      if (WHITE_SPACE.has(char)) {
        this.position++;
      } else if (char === 0x25) {
        while (this.position < text.length && text[this.position] !== "\n" && text[this.position] !== "\r") this.position++;
      } else {
        return;
      }
    }
  }

  keywordIs(keyword: string): boolean {
    return this.text.startsWith(keyword, this.position) && this.isTokenEnd(this.position + keyword.length);
  }

  private isTokenEnd(position: number): boolean {
    const char = this.text.charCodeAt(position);
    return position >= this.text.length || WHITE_SPACE.has(char) || DELIMITERS.has(char);
  }

  value(depth = 0): PdfValue {
    // Deeper than any real file nests; pdf.js has no such limit, so what it might read is refused.
    if (depth > MAX_NESTING) throw tooComplex(this.budget.label, "has a dictionary or an array nested too deep");
    this.skipSpace();
    if (this.text.startsWith("<<", this.position)) return this.dictionary(depth);
    if (this.text[this.position] === "[") return this.array(depth);
    const token = this.token();
    // pdf.js reads an inline image where a value belongs, to its `EI`: not followed here.
    if (token === "BI") throw tooComplex(this.budget.label, "has an inline image inside a dictionary");
    return token;
  }

  private dictionary(depth: number): PdfDictionary {
    this.position += 2;
    const entries: PdfDictionary = new Map();
    for (;;) {
      this.skipSpace();
      if (this.text.startsWith(">>", this.position)) {
        this.position += 2;
        return entries;
      }
      const key = this.token();
      if (key instanceof PdfName) entries.set(key.name, this.valueOrReference(depth + 1));
    }
  }

  private array(depth: number): PdfValue[] {
    this.position += 1;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === "]") {
        this.position += 1;
        return items;
      }
      items.push(this.valueOrReference(depth + 1));
    }
  }

  /** A value, or `number generation R` as one reference. */
  private valueOrReference(depth: number): PdfValue {
    const value = this.value(depth);
    if (!Number.isInteger(value)) return value;
    const afterValue = this.position;
    try {
      this.skipSpace();
      if (Number.isInteger(this.token())) {
        this.skipSpace();
        if (this.token() === "R") return new PdfReference();
      }
    } catch (error) {
      if (!(error instanceof PdfSyntaxError)) throw error;
    }
    this.position = afterValue;
    return value;
  }

  /** One token: a name, a string, a number, or a keyword (`<<`, `[` and the like among them). */
  private token(): PdfValue {
    this.skipSpace();
    const start = this.position;
    const token = this.tokenHere();
    this.charge(this.position - start);
    return token;
  }

  private tokenHere(): PdfValue {
    const { text } = this;
    const char = text[this.position];
    if (char === undefined) throw new PdfSyntaxError("unexpected end");
    if (text.startsWith("<<", this.position) || text.startsWith(">>", this.position)) {
      this.position += 2;
      return text.slice(this.position - 2, this.position);
    }
    if (char === "/") return this.name();
    if (char === "(") return this.literalString();
    if (char === "<") return this.hexString();
    if (char === ")") throw new PdfSyntaxError("unexpected )");
    return this.regular();
  }

  private name(): PdfName {
    const start = ++this.position;
    while (!this.isTokenEnd(this.position)) this.position++;
    // #xx stands for the byte xx, as in /Fl#61teDecode.
    return new PdfName(this.text.slice(start, this.position).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  }

  private literalString(): string {
    const { text } = this;
    let nesting = 0;
    const start = this.position;
    for (; this.position < text.length; this.position++) {
      const char = text[this.position];
      if (char === "\\") this.position++;
      else if (char === "(") nesting++;
      else if (char === ")" && --nesting === 0) return text.slice(start, ++this.position);
    }
    throw new PdfSyntaxError("unterminated string");
  }

  private hexString(): string {
    const end = this.text.indexOf(">", this.position);
    if (end < 0) throw new PdfSyntaxError("unterminated hex string");
    const value = this.text.slice(this.position, end + 1);
    this.position = end + 1;
    return value;
  }

  private regular(): PdfValue {
    const start = this.position;
    while (!this.isTokenEnd(this.position)) this.position++;
    if (this.position === start) {
      this.position++; // `[`, `]`, `{`, `}`, `>`: one-character keywords
      return this.text[start];
    }
    const token = this.text.slice(start, this.position);
    const number = Number(token);
    return token === "null" ? null : Number.isFinite(number) ? number : token;
  }
}
