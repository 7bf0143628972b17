import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";

export interface EvidenceSummaryInput {
  generated: Date;
  package: {
    id: string;
    name: string;
    status: string;
    /** Name and e-mail of the package's owner. */
    owner: string;
    created: Date;
    sent: Date | null;
    completed: Date | null;
  };
  documents: { id: string; name: string; originalSha256: string | null; sealedSha256: string | null }[];
  /** Every signing role, in signing order. */
  signers: EvidenceSigner[];
  /** In the order they happened. */
  events: {
    created: Date;
    name: string;
    /** Who acted: a user's name and e-mail, a signer's, or the session user id as recorded. */
    actor: string;
    ipAddress: string;
    /** The browser of a signer's action; empty for API calls. */
    userAgent: string;
    documentId: string;
    message: string;
  }[];
}

/** A signer: who they are, how they were verified, and each of their signatures, acceptances and uploaded attachments. */
export interface EvidenceSigner {
  roleId: string;
  /** "Name <e-mail>"; for a group, the group's name and e-mail. */
  signer: string;
  /** For a group: the member who signed for it ("Name <e-mail>"); null otherwise or before anyone did. */
  signedForGroupBy: string | null;
  /** How they were verified, in words ("One-time code by e-mail (EMAIL_OTP): passed at ..."). */
  verification: string;
  consentAccepted: Date | null;
  completed: Date | null;
  /** In the order they happened. */
  actions: {
    at: Date;
    document: string;
    /** What they did, in words ("Signed with a typed name: Ada Lovelace", "Accepted", "Uploaded \"id.png\" ..."). */
    action: string;
    /** Who did it: the signer, or the member of a group. */
    by: string;
    ipAddress: string;
    userAgent: string;
  }[];
}

// Landscape: the audit table has six columns, and ids, e-mails and messages need room.
const PAGE_WIDTH = 792;
const PAGE_HEIGHT = 612;
const MARGIN_X = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CONTENT_TOP = PAGE_HEIGHT - 60;
const CONTENT_BOTTOM = 60;

const INK = rgb(0.13, 0.14, 0.18);
const MUTED = rgb(0.4, 0.43, 0.48);
const RULE = rgb(0.82, 0.84, 0.87);
const HEADER_FILL = rgb(0.93, 0.94, 0.96);

const CELL_SIZE = 7.5;
const CELL_LEADING = 9.5;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;

type FontName = "regular" | "bold" | "mono";

interface Column {
  title: string;
  width: number;
  font?: FontName;
  color?: RGB;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/**
 * The evidence summary: the package, its documents with their fingerprints before and after
 * sealing, each signer with how they were verified and what they signed from where, and every
 * audit event so far, as a paginated PDF in the standard fonts. Text the fonts cannot show (they cover Western
 * European scripts only) is replaced, never a reason to fail.
 */
export async function buildEvidenceSummaryPdf(input: EvidenceSummaryInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Evidence summary: ${input.package.name}`);
  pdf.setProducer("Signet");
  pdf.setCreator("Signet");
  pdf.setCreationDate(input.generated);
  pdf.setModificationDate(input.generated);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const writer = new PageWriter(pdf, fonts, `Evidence summary: ${input.package.name}`);

  writer.heading("Evidence Summary", 20);
  writer.paragraph(input.package.name, 12, INK);
  writer.space(6);
  writer.table(
    [
      { title: "", width: 120, font: "bold", color: MUTED },
      { title: "", width: 320 },
    ],
    [
      ["Package ID", input.package.id],
      ["Status", input.package.status],
      ["Owner", input.package.owner],
      ["Created", isoOrDash(input.package.created)],
      ["Sent", isoOrDash(input.package.sent)],
      ["Completed", isoOrDash(input.package.completed)],
      ["Summary generated", isoOrDash(input.generated)],
    ],
    { header: false },
  );

  writer.space(14);
  writer.heading("Documents", 12);
  writer.table(
    [
      { title: "Document", width: 250 },
      { title: "File", width: 60, color: MUTED },
      { title: "SHA-256", width: CONTENT_WIDTH - 250 - 60, font: "mono" },
    ],
    input.documents.map((document) => [
      `${document.name}\nID: ${document.id}`,
      "Original\nSealed",
      `${document.originalSha256 ?? "not stored"}\n${document.sealedSha256 ?? "not sealed yet"}`,
    ]),
  );

  writer.space(14);
  // A heading never ends a page: it starts where what follows it does.
  writer.keepTogether((input.signers.length ? SIGNER_BLOCK_HEIGHT : 20) + 40);
  writer.heading("Signers", 12);
  if (input.signers.length === 0) writer.paragraph("The package has no signers.", 8, MUTED);
  for (const signer of input.signers) writeSigner(writer, signer);

  writer.space(14);
  writer.keepTogether(80);
  writer.heading("Audit trail", 12);
  writer.paragraph(`${input.events.length} events, oldest first. Times are UTC.`, 8, MUTED);
  writer.space(2);
  writer.table(
    [
      { title: "Time (UTC)", width: 102 },
      { title: "Event", width: 128, font: "bold" },
      { title: "Actor", width: 140 },
      { title: "IP address and browser", width: 150 },
      { title: "Document", width: 72 },
      { title: "Message", width: CONTENT_WIDTH - 102 - 128 - 140 - 150 - 72 },
    ],
    input.events.map((event) => [
      event.created.toISOString(),
      event.name,
      event.actor,
      [event.ipAddress, event.userAgent].filter(Boolean).join("\n"),
      event.documentId,
      event.message,
    ]),
  );

  writer.finish(`Package ${input.package.id}`);
  return pdf.save();
}

/** Room for a signer's name, details and first action, kept on one page. */
const SIGNER_BLOCK_HEIGHT = 165;

/** One signer: who, how verified, when they finished, then each signature or acceptance with where it came from. */
function writeSigner(writer: PageWriter, signer: EvidenceSigner): void {
  writer.space(8);
  writer.keepTogether(SIGNER_BLOCK_HEIGHT);
  writer.paragraph(signer.signer, 9.5, INK, "bold");
  writer.space(2);
  writer.table(
    [
      { title: "", width: 120, font: "bold", color: MUTED },
      { title: "", width: CONTENT_WIDTH - 120 },
    ],
    [
      ["Role", signer.roleId],
      ...(signer.signedForGroupBy ? [["Signed for the group by", signer.signedForGroupBy]] : []),
      ["Verification", signer.verification],
      ["Consent accepted", isoOrDash(signer.consentAccepted)],
      ["Finished signing", signer.completed ? signer.completed.toISOString() : "not finished"],
    ],
    { header: false },
  );
  writer.space(4);
  if (signer.actions.length === 0) {
    writer.paragraph("No signature or acceptance recorded.", 8, MUTED);
    return;
  }
  writer.table(
    [
      { title: "Time (UTC)", width: 102 },
      { title: "Document", width: 120 },
      { title: "Action", width: 160 },
      { title: "By", width: 120 },
      { title: "IP address", width: 70 },
      { title: "Browser (user agent)", width: CONTENT_WIDTH - 102 - 120 - 160 - 120 - 70 },
    ],
    signer.actions.map((action) => [action.at.toISOString(), action.document, action.action, action.by, action.ipAddress, action.userAgent]),
  );
}

function isoOrDash(date: Date | null): string {
  return date ? date.toISOString() : "-";
}

/** Lays content out top to bottom, starting a new page whenever the next piece does not fit. */
class PageWriter {
  private page: PDFPage;
  private y = CONTENT_TOP;
  private readonly encodable: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
    private readonly runningTitle: string,
  ) {
    this.encodable = new Set(fonts.regular.getCharacterSet());
    this.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Starts a new page unless `height` points are left on this one (keeps a short block with what follows). */
  keepTogether(height: number): void {
    this.ensureRoom(height);
  }

  heading(text: string, size: number): void {
    this.paragraph(text, size, INK, "bold");
    this.space(size * 0.3);
  }

  paragraph(text: string, size: number, color: RGB, font: FontName = "regular"): void {
    const leading = size * 1.25;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH)) {
      this.ensureRoom(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN_X, y: this.y + size * 0.22, size, font: this.fonts[font], color });
    }
  }

  /**
   * A table whose cells wrap; a row taller than what is left of the page continues on the next one,
   * and the header row is repeated on every page the table spans.
   */
  table(columns: Column[], rows: string[][], options: { header?: boolean } = {}): void {
    const withHeader = options.header ?? true;
    const header = columns.map((column) => this.wrap(column.title, "bold", CELL_SIZE, column.width - 2 * CELL_PAD_X));
    const headerLines = lineCountOf(header);
    const headerHeight = withHeader ? headerLines * CELL_LEADING + 2 * CELL_PAD_Y : 0;
    const linesPerFreshPage = Math.floor((CONTENT_TOP - CONTENT_BOTTOM - headerHeight - 2 * CELL_PAD_Y) / CELL_LEADING);
    let headerOnThisPage = false;

    for (const row of rows) {
      const cells = columns.map((column, i) => this.wrap(row[i] ?? "", column.font ?? "regular", CELL_SIZE, column.width - 2 * CELL_PAD_X));
      const lineCount = lineCountOf(cells);
      let first = 0;
      while (first < lineCount) {
        const remaining = lineCount - first;
        // Keep a row whole when a fresh page can hold it; split only rows longer than a page.
        const linesToKeepTogether = remaining <= linesPerFreshPage ? remaining : 3;
        if (withHeader && !headerOnThisPage) {
          this.ensureRoom(headerHeight + linesToKeepTogether * CELL_LEADING + 2 * CELL_PAD_Y);
          this.drawRow(columns, header, 0, headerLines, { fill: HEADER_FILL, font: "bold" });
          headerOnThisPage = true;
        }
        const fit = Math.floor((this.y - CONTENT_BOTTOM - 2 * CELL_PAD_Y) / CELL_LEADING);
        if (fit < linesToKeepTogether) {
          this.newPage();
          headerOnThisPage = false;
          continue;
        }
        const count = Math.min(fit, remaining);
        this.drawRow(columns, cells, first, count);
        first += count;
      }
    }
  }

  private drawRow(
    columns: Column[],
    cells: string[][],
    first: number,
    count: number,
    style: { fill?: RGB; font?: FontName } = {},
  ): void {
    const width = columns.reduce((sum, column) => sum + column.width, 0);
    const height = count * CELL_LEADING + 2 * CELL_PAD_Y;
    const bottom = this.y - height;
    const baselineOf = (n: number) => this.y - CELL_PAD_Y - (n + 1) * CELL_LEADING + 2.2;
    if (style.fill) this.page.drawRectangle({ x: MARGIN_X, y: bottom, width, height, color: style.fill });
    let x = MARGIN_X;
    columns.forEach((column, i) => {
      const font = this.fonts[style.font ?? column.font ?? "regular"];
      const lines = cells[i].slice(first, first + count);
      lines.forEach((line, n) => {
        this.page.drawText(line, { x: x + CELL_PAD_X, y: baselineOf(n), size: CELL_SIZE, font, color: column.color ?? INK });
      });
      if (i === 0 && first > 0 && lines.length === 0) {
        this.page.drawText("(continued)", { x: x + CELL_PAD_X, y: baselineOf(0), size: CELL_SIZE, font, color: MUTED });
      }
      x += column.width;
    });
    this.page.drawLine({ start: { x: MARGIN_X, y: bottom }, end: { x: MARGIN_X + width, y: bottom }, thickness: 0.5, color: RULE });
    this.y = bottom;
  }

  private ensureRoom(height: number): void {
    if (this.y - height < CONTENT_BOTTOM) this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const size = 8;
    const [title] = this.wrap(this.runningTitle, "regular", size, CONTENT_WIDTH);
    this.page.drawText(title, { x: MARGIN_X, y: PAGE_HEIGHT - 40, size, font: this.fonts.regular, color: MUTED });
    this.page.drawLine({
      start: { x: MARGIN_X, y: PAGE_HEIGHT - 46 },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: PAGE_HEIGHT - 46 },
      thickness: 0.5,
      color: RULE,
    });
    this.y = CONTENT_TOP;
  }

  /** Page numbers and the footer, once the number of pages is known. */
  finish(footer: string): void {
    const pages = this.pdf.getPages();
    const size = 8;
    pages.forEach((page, i) => {
      const number = `Page ${i + 1} of ${pages.length}`;
      const numberWidth = this.fonts.regular.widthOfTextAtSize(number, size);
      const [left] = this.wrap(footer, "regular", size, CONTENT_WIDTH - numberWidth - 24);
      page.drawLine({ start: { x: MARGIN_X, y: 44 }, end: { x: MARGIN_X + CONTENT_WIDTH, y: 44 }, thickness: 0.5, color: RULE });
      page.drawText(left, { x: MARGIN_X, y: 32, size, font: this.fonts.regular, color: MUTED });
      page.drawText(number, { x: MARGIN_X + CONTENT_WIDTH - numberWidth, y: 32, size, font: this.fonts.regular, color: MUTED });
    });
  }

  /** The text as lines no wider than `width`, breaking at spaces, else after _ - / @ . , else anywhere. */
  private wrap(text: string, fontName: FontName, size: number, width: number): string[] {
    const font = this.fonts[fontName];
    const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text, this.encodable).split("\n")) {
      let line = "";
      for (const piece of paragraph.split(/(?<=[ _\-/@.,])/)) {
        if (fits((line + piece).trimEnd())) {
          line += piece;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = "";
        for (const character of piece.trimStart()) {
          if (line && !fits(line + character)) {
            lines.push(line);
            line = "";
          }
          line += character;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }
}

function lineCountOf(cells: string[][]): number {
  return Math.max(1, ...cells.map((lines) => lines.length));
}

/**
 * The standard fonts encode WinAnsi only. Other characters become their unaccented base letter
 * when there is one (ő → o), nothing when they are marks or invisible formatting, else "?".
 */
export function toWinAnsi(text: string, encodable: Set<number>): string {
  let result = "";
  // NFC first, so that a letter followed by a combining accent becomes the one accented letter.
  for (const character of text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
    const code = character.codePointAt(0)!;
    if (character === "\n" || encodable.has(code)) {
      result += character;
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      result += " ";
    } else {
      const base = character.normalize("NFKD").replace(/[\p{M}\p{Cf}]/gu, "");
      const baseEncodable = [...base].every((c) => encodable.has(c.codePointAt(0)!));
      result += baseEncodable ? base : "?";
    }
  }
  return result;
}
