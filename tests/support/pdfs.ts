import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDeflate, deflateSync } from "node:zlib";
import {
  concatTransformationMatrix,
  degrees,
  drawObject,
  PDFDocument,
  PDFName,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from "pdf-lib";

export interface PdfText {
  page: number;
  text: string;
  /** PDF user space (origin bottom-left of the media box). */
  x: number;
  y: number;
  size?: number;
  font?: (typeof StandardFonts)[keyof typeof StandardFonts];
  /** Rotation of the text itself, in degrees. */
  rotate?: number;
}

export interface PdfOptions {
  pages?: number;
  size?: [number, number];
  /** /Rotate of every page. */
  pageRotation?: 0 | 90 | 180 | 270;
  /** Crop box of every page: [x, y, width, height]. */
  cropBox?: [number, number, number, number];
  texts?: PdfText[];
  /** Pad the file with an unused stream to reach about this size (benchmarks). */
  padToBytes?: number;
  /**
   * false: every object written on its own, in the order made (the padding last), as most PDFs
   * people upload are; pdf-lib's default packs the dictionaries into object streams at the end.
   */
  objectStreams?: boolean;
}

/** A real PDF made with pdf-lib, for tests and benchmarks. */
export async function makePdf(options: PdfOptions = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const [width, height] = options.size ?? [612, 792];
  for (let i = 0; i < (options.pages ?? 1); i++) {
    const page = pdf.addPage([width, height]);
    if (options.pageRotation) page.setRotation(degrees(options.pageRotation));
    if (options.cropBox) page.setCropBox(...options.cropBox);
  }
  const fonts = new Map<string, Awaited<ReturnType<typeof pdf.embedFont>>>();
  for (const text of options.texts ?? []) {
    const fontName = text.font ?? StandardFonts.Helvetica;
    if (!fonts.has(fontName)) fonts.set(fontName, await pdf.embedFont(fontName));
    pdf.getPage(text.page).drawText(text.text, {
      x: text.x,
      y: text.y,
      size: text.size ?? 12,
      font: fonts.get(fontName),
      rotate: text.rotate ? degrees(text.rotate) : undefined,
    });
  }
  if (options.padToBytes) {
    // Incompressible bytes, like an embedded image.
    pdf.context.register(pdf.context.stream(randomBytes(options.padToBytes)));
  }
  return Buffer.from(await pdf.save({ useObjectStreams: options.objectStreams ?? true }));
}

/**
 * A one-page PDF with an interactive form, as uploaded by senders who start from a fillable PDF:
 * a filled text field, a checked check box, a radio group (a field whose widgets are its kids) and
 * an empty signature field.
 */
export async function makeFormPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText("Application form", { x: 72, y: 720, size: 18, font });
  const form = pdf.getForm();
  const name = form.createTextField("fullName");
  name.setText("Ada Lovelace");
  name.addToPage(page, { x: 72, y: 640, width: 240, height: 24, font });
  const agree = form.createCheckBox("agree");
  agree.addToPage(page, { x: 72, y: 600, width: 16, height: 16 });
  agree.check();
  const plan = form.createRadioGroup("plan");
  plan.addOptionToPage("basic", page, { x: 72, y: 560, width: 16, height: 16 });
  plan.addOptionToPage("premium", page, { x: 112, y: 560, width: 16, height: 16 });
  plan.select("premium");
  // pdf-lib cannot create signature fields; this is the dictionary other PDF writers produce.
  const signature = pdf.context.register(
    pdf.context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFString.of("signature1"),
      Rect: [72, 480, 272, 530],
      F: 4,
      P: page.ref,
    }),
  );
  page.node.addAnnot(signature);
  form.acroForm.addField(signature);
  return Buffer.from(await pdf.save());
}

export interface PdfFormField {
  /** Written whole into the field's /T, dots included, as the original service's sample PDFs name theirs. */
  name: string;
  page: number;
  /** PDF user space: the widget's lower-left corner and size. */
  x: number;
  y: number;
  width: number;
  height: number;
  kind?: "Tx" | "Sig";
}

/** A PDF whose interactive form holds the given fields (one widget each), and the given text. */
export async function makeNamedFormPdf(formFields: PdfFormField[], options: PdfOptions = {}): Promise<Buffer> {
  const pdf = await PDFDocument.load(await makePdf(options));
  const form = pdf.getForm();
  for (const field of formFields) {
    const page = pdf.getPage(field.page);
    const widget = pdf.context.register(
      pdf.context.obj({
        Type: "Annot",
        Subtype: "Widget",
        FT: field.kind ?? "Tx",
        T: PDFString.of(field.name),
        Rect: [field.x, field.y, field.x + field.width, field.y + field.height],
        F: 4,
        P: page.ref,
      }),
    );
    page.node.addAnnot(widget);
    form.acroForm.addField(widget);
  }
  return Buffer.from(await pdf.save());
}

/** A PDF protected with an owner password: enough for any reader to call it encrypted. */
export function encryptedPdfBytes(): Buffer {
  return Buffer.from(
    [
      "%PDF-1.4",
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj",
      "4 0 obj << /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) /P -44 >> endobj",
      "trailer << /Root 1 0 R /Size 5 /Encrypt 4 0 R /ID [<01><01>] >>",
      "%%EOF",
    ].join("\n"),
    "latin1",
  );
}

/**
 * A real encrypted PDF, as PDF writers make them: a text page encrypted by qpdf (Debian's qpdf,
 * installed by scripts/ensure-test-tools.sh) with AES-256, a user and an owner password.
 */
export async function qpdfEncryptedPdf(): Promise<Buffer> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-qpdf-"));
  try {
    const plain = path.join(folder, "plain.pdf");
    const encrypted = path.join(folder, "encrypted.pdf");
    fs.writeFileSync(plain, await makePdf({ texts: [{ page: 0, text: "Confidential", x: 72, y: 700 }] }));
    execFileSync("qpdf", ["--encrypt", "user-password", "owner-password", "256", "--", plain, encrypted]);
    return fs.readFileSync(encrypted);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A "flate bomb": a one-page PDF whose content stream is `inflatedBytes` zero bytes, deflated
 * (about 1000:1, so 300 MB make a file of about 300 KB). Zeros are white space to a PDF reader.
 */
export async function flateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const content = pdf.context.stream(await deflatedZeros(inflatedBytes), { Filter: "FlateDecode" });
  page.node.set(PDFName.of("Contents"), pdf.context.register(content));
  return Buffer.from(await pdf.save());
}

/**
 * A page whose content draws an inline image of `inflatedBytes` zero bytes through Flate: PDFium
 * inflates an inline image's data as it parses the page to read its text, to find where it ends.
 */
export async function inlineImageBombPdf(inflatedBytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(inflatedBytes / 3));
  const data = (await deflatedZeros(inflatedBytes)).toString("latin1");
  return contentPdf(`BT /F1 12 Tf 72 700 Td (Contract) Tj ET\nq BI /W ${side} /H ${side} /CS /RGB /BPC 8 /F /Fl ID\n${data}\nEI Q\n`);
}

/** A letter-size page whose content stream is `content` as written (latin1), with Helvetica as /F1. */
export function contentPdf(content: string): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** `size` zero bytes through zlib's deflate, a megabyte at a time (never all in memory). */
export async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    if (!deflate.write(zeros.subarray(0, Math.min(zeros.length, size - written)))) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return Buffer.concat(chunks);
}

/** Builds a multipart/form-data body with a `payload` part and `file` parts. */
export function multipartBody(payload: unknown, files: { name: string; bytes: Buffer; contentType?: string }[]) {
  const boundary = `----signet${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\nContent-Type: application/json\r\n\r\n${
        typeof payload === "string" ? payload : JSON.stringify(payload)
      }\r\n`,
    ),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${
          file.contentType ?? "application/pdf"
        }\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; esl-api-version=11.68.0; boundary=${boundary}` };
}

/** A one-page PDF whose page content is one stream of `data` under the /Filter chain `filters` (decoded first to last). */
export async function filteredContentPdf(data: Uint8Array, filters: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const content = pdf.context.stream(data, { Filter: filters.length === 1 ? filters[0] : filters });
  page.node.set(PDFName.of("Contents"), pdf.context.register(content));
  return Buffer.from(await pdf.save());
}

/**
 * The "stacked filter" bombs of issue 30, each a page whose content decodes to `decodedBytes`
 * zero bytes through two filters, each filter's output far smaller than the next one's: Flate over
 * Flate (about 2 KB for 1 GB), Flate over RunLength (about 17 KB), Flate wrapped in ASCIIHex
 * (about 2 MB), Flate wrapped in ASCII85, Flate over LZW.
 */
export async function stackedFilterBombs(decodedBytes: number): Promise<Record<string, Buffer>> {
  const deflated = await deflatedZeros(decodedBytes);
  return {
    "Flate over Flate": await filteredContentPdf(deflateSync(deflated), ["FlateDecode", "FlateDecode"]),
    "Flate over RunLength": await filteredContentPdf(deflateSync(runLengthZeros(decodedBytes)), ["FlateDecode", "RunLengthDecode"]),
    "ASCIIHex-wrapped Flate": await filteredContentPdf(Buffer.from(deflated.toString("hex") + ">", "latin1"), ["ASCIIHexDecode", "FlateDecode"]),
    "ASCII85-wrapped Flate": await filteredContentPdf(ascii85(deflated), ["ASCII85Decode", "FlateDecode"]),
    "Flate over LZW": await filteredContentPdf(deflateSync(lzwZeros(decodedBytes)), ["FlateDecode", "LZWDecode"]),
  };
}

/**
 * A PDF of `pages` pages, each with its own content stream deflated from `decodedBytesEach` zero
 * bytes: every stream under a per-stream limit, together far past a document's budget.
 */
export async function manyStreamsBombPdf(pages: number, decodedBytesEach: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const deflated = await deflatedZeros(decodedBytesEach);
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.stream(deflated, { Filter: "FlateDecode" })));
  }
  return Buffer.from(await pdf.save());
}

/** RunLengthDecode data for `size` zero bytes: (257 - 129) = 128 zeros per pair, then the end mark. */
export function runLengthZeros(size: number): Buffer {
  const pairs = Math.ceil(size / 128);
  const data = Buffer.alloc(pairs * 2 + 1);
  for (let i = 0; i < pairs; i++) data[i * 2] = 129;
  data[pairs * 2] = 128;
  return data;
}

/** ASCII85 (Adobe's, as PDF's ASCII85Decode reads it), ending `~>`. */
export function ascii85(bytes: Uint8Array): Buffer {
  let out = "";
  for (let i = 0; i < bytes.length; i += 4) {
    const group = bytes.subarray(i, i + 4);
    const value = ((group[0] << 24) | ((group[1] ?? 0) << 16) | ((group[2] ?? 0) << 8) | (group[3] ?? 0)) >>> 0;
    if (value === 0 && group.length === 4) {
      out += "z";
      continue;
    }
    const digits: string[] = [];
    for (let j = 0, rest = value; j < 5; j++, rest = Math.floor(rest / 85)) digits.unshift(String.fromCharCode(33 + (rest % 85)));
    out += digits.slice(0, group.length + 1).join("");
  }
  return Buffer.from(`${out}~>`, "latin1");
}

/**
 * LZWDecode data (EarlyChange 1) for `size` zero bytes: the codes 0, 258, 259... each one zero
 * longer than the last, a clear code when the table is full, and the end code.
 */
export function lzwZeros(size: number): Buffer {
  const bytes: number[] = [];
  let bitBuffer = 0;
  let bitCount = 0;
  const write = (code: number, width: number) => {
    bitBuffer = (bitBuffer << width) | code;
    bitCount += width;
    while (bitCount >= 8) {
      bytes.push((bitBuffer >>> (bitCount - 8)) & 0xff);
      bitCount -= 8;
    }
    bitBuffer &= (1 << bitCount) - 1;
  };
  let written = 0;
  while (written < size) {
    // After a clear: code 0 (one zero) at 9 bits, then 258, 259... naming 2, 3... zeros.
    write(0, 9);
    written += 1;
    let width = 9;
    for (let code = 258, length = 2; code < 4094 && written < size; code++, length++) {
      write(code, width);
      written += length;
      // The decoder adds an entry per code after the first; its width grows when the next entry + 1 is a power of two.
      const nextEntry = code + 1;
      if (((nextEntry + 1) & nextEntry) === 0 && width < 12) width++;
    }
    write(256, width);
  }
  write(257, 9);
  if (bitCount > 0) bytes.push((bitBuffer << (8 - bitCount)) & 0xff);
  return Buffer.from(bytes);
}

/**
 * A long scanned-looking document: `pages` pages, each with its own grayscale image (600 × 800,
 * Flate, 480,000 bytes decoded, lines of dark marks like a scan of text) and a line of real text.
 */
export async function imageHeavyPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [width, height] = [600, 800];
  for (let index = 0; index < pages; index++) {
    const pixels = Buffer.alloc(width * height, 255);
    for (let y = 40; y < height - 40; y += 16) {
      for (let x = 40; x < width - 40; x++) {
        if ((x * 7 + y * 3 + index * 13) % 11 < 5) for (let dy = 0; dy < 8; dy++) pixels[(y + dy) * width + x] = 30;
      }
    }
    const image = pdf.context.register(
      pdf.context.stream(deflateSync(pixels), {
        Type: "XObject",
        Subtype: "Image",
        Width: width,
        Height: height,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
        Filter: "FlateDecode",
      }),
    );
    const page = pdf.addPage([612, 792]);
    const name = page.node.newXObject("Scan", image);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(540, 0, 0, 720, 36, 36), drawObject(name), popGraphicsState());
    page.drawText(`Page ${index + 1}`, { x: 36, y: 770, size: 10, font });
  }
  return Buffer.from(await pdf.save());
}

/**
 * The reviewer's hidden stream (issue 30 review): object 4 is an ordinary stream whose data holds
 * object 5, `header` `dictionary` `stream` and then `data`; the cross reference points at object
 * 5 there and the page's /Contents is `5 0 R`. pdf-lib reads the file in order and skips stream
 * 4's data by its /Length, so it never sees object 5; pdf.js follows the cross reference to it.
 */
export function hiddenStreamPdf(header: string, dictionary: string, data: Uint8Array): Buffer {
  const hidden = Buffer.concat([Buffer.from(`${header} ${dictionary}\nstream\n`, "latin1"), data, Buffer.from("\nendstream\nendobj\n", "latin1")]);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string, objectNumber?: number) => {
    if (objectNumber !== undefined) offsets[objectNumber] = length;
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    parts.push(bytes);
    length += bytes.length;
  };
  push("%PDF-1.7\n");
  push("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n", 1);
  push("2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n", 2);
  push("3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >> endobj\n", 3);
  push(`4 0 obj << /Length ${hidden.length} >> stream\n`, 4);
  push(hidden, 5);
  push("\nendstream\nendobj\n");
  const xref = length;
  const entries = [1, 2, 3, 4, 5].map((number) => `${String(offsets[number]).padStart(10, "0")} 00000 n \n`).join("");
  push(`xref\n0 6\n0000000000 65535 f \n${entries}trailer << /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * The reviewer's two hidden Flate-over-Flate bombs, decoding to `decodedBytes`: object 5's header
 * has a comment in it (`5 0 %c` newline `obj`), or its dictionary has an array where a key belongs,
 * holding the filters (pdf.js skips a non-name key one token at a time, so it reads them).
 */
export async function hiddenStreamBombs(decodedBytes: number): Promise<Record<string, Buffer>> {
  const data = deflateSync(await deflatedZeros(decodedBytes));
  return {
    "a comment in its object header": hiddenStreamPdf("5 0 %c\nobj", `<< /Length ${data.length} /Filter [/FlateDecode /FlateDecode] >>`, data),
    "its filters in an array where a key belongs": hiddenStreamPdf("5 0 obj", `<< /Length ${data.length} [/Filter [/FlateDecode /FlateDecode]] >>`, data),
  };
}

/** A PDF written by hand: `objects` numbered from 1, the first the catalog, with a correct cross-reference table. */
export function rawPdf(objects: string[]): Buffer {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj ${object} endobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer << /Root 1 0 R /Size ${objects.length + 1} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Malformed PDFs that parse but have no pages to read: no page tree, a page tree that is its own kid. */
export const malformedPdfs = {
  "no page tree": () => rawPdf(["<< /Type /Catalog >>"]),
  "a cyclic page tree": () => rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]),
};
