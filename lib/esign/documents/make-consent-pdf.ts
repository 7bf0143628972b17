import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { pageSizesOf } from "@/lib/esign/pdf/inspect-pdf";
import type { ConsentPdf } from "./consent-document";

/** The consent PDF of a text: the same bytes for the same text (fixed dates), with its page sizes and SHA-256. */
export async function makeConsentPdf(text: { title: string; lines: string[] }): Promise<ConsentPdf> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(text.title);
  pdf.setProducer("Signet");
  const fixed = new Date("2026-01-01T00:00:00Z");
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  const page = pdf.addPage([612, 792]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(text.title, { x: 56, y: 720, size: 16, font: bold, color: rgb(0.1, 0.1, 0.15), maxWidth: 500 });
  const lines = text.lines.flatMap((line) => wrapLine(line, (part) => regular.widthOfTextAtSize(part, 10.5), 500));
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 680 - i * 18, size: 10.5, font: regular }));
  const bytes = await pdf.save({ useObjectStreams: false });
  return { bytes, pages: pageSizesOf(pdf), sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** A line as lines no wider than `maxWidth`, broken between words; an item's continuation indented under its text. */
function wrapLine(line: string, widthOf: (text: string) => number, maxWidth: number): string[] {
  if (widthOf(line) <= maxWidth) return [line];
  const indent = /^(\d+\.\s|\s+)/.test(line) ? "   " : "";
  const out: string[] = [];
  let current = "";
  for (const word of line.trim().split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : `${out.length ? indent : line.match(/^\s*/)![0]}${word}`;
    if (current && widthOf(candidate) > maxWidth) {
      out.push(current);
      current = `${indent}${word}`;
    } else {
      current = candidate;
    }
  }
  if (current) out.push(current);
  return out;
}
