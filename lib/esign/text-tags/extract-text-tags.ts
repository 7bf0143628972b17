import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem, TextStyle } from "pdfjs-dist/types/src/display/api";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import type { FieldInput, PlacedApprovalInput, PlacedFieldInput } from "@/lib/api/packages";
import { boxToWire, pointsToWire, wireToPoints } from "@/lib/api/wire-units";
import { badRequest } from "@/lib/esign/errors";
import {
  displayedPageSize,
  normalizeRotation,
  userSpaceRectToTopLeft,
  type PageGeometry,
  type TopLeftRect,
  type UserSpacePoint,
} from "@/lib/esign/pdf/coordinates";
import { findTextTags, parseTextTag, TextTagSyntaxError, type TextTag, type TextTagType } from "./parse-text-tag";

export interface TextTagRole {
  id: string;
  name: string;
}

/**
 * Turns the text tags of a PDF into approvals and fields (compat-notes.md, "Text tags"). Fields
 * get no ids (the caller assigns them) and `extract: false`; pages are 0-based. A tag naming no
 * role of the package (by id, or by name in any case) names a new role, whose id is the name as
 * the first such tag writes it, as the original service does: the caller creates the roles of
 * approvals it does not know.
 */
export async function extractTextTags(pdf: Uint8Array, packageRoles: TextTagRole[], documentName: string): Promise<PlacedApprovalInput[]> {
  const roles = [...packageRoles];
  const placedTags: PlacedTag[] = [];
  const metrics = await loadStandardFontMetrics();
  const document = await openPdf(pdf, documentName);
  try {
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const page = await document.getPage(pageNumber);
      const [x1, y1, x2, y2] = page.view;
      const geometry: PageGeometry = {
        cropBox: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 },
        rotation: normalizeRotation(page.rotate),
      };
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is TextItem => "str" in item);
      const where = { pageNumber, documentName };
      for (const line of linesOf(items, content.styles, metrics)) {
        for (const location of locateTags(line.text, where)) {
          const tag = parseTag(location.text, where);
          const role = findRole(roles, tag);
          const textBox = userSpaceRectToTopLeft(boundingBox(textBoxCorners(line, location.start, location.end)), geometry);
          const rect = placeField(tag, textBox, geometry, where);
          placedTags.push({ tag, roleId: role.id, page: pageNumber - 1, rect });
        }
      }
      page.cleanup();
    }
  } finally {
    await document.destroy();
  }
  return approvalsFor(placedTags);
}

interface PlacedTag {
  tag: TextTag;
  roleId: string;
  /** 0-based. */
  page: number;
  rect: TopLeftRect;
}

interface TagWhere {
  /** 1-based, as people count pages. */
  pageNumber: number;
  documentName: string;
}

const describeWhere = ({ pageNumber, documentName }: TagWhere) => `on page ${pageNumber} of document "${documentName}"`;

async function openPdf(pdf: Uint8Array, documentName: string) {
  const loadingTask = getDocument({
    // A copy: pdf.js takes over the buffer it is given, and the caller keeps using theirs.
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await loadingTask.promise;
  } catch (error) {
    await loadingTask.destroy();
    throw badRequest(
      "error.validation.corruptPdf",
      `The PDF for document "${documentName}" cannot be read to find its text tags.`,
      (error as Error).message,
    );
  }
}

function locateTags(lineText: string, where: TagWhere) {
  try {
    return findTextTags(lineText);
  } catch (error) {
    throw invalidTag(error, where);
  }
}

function parseTag(text: string, where: TagWhere): TextTag {
  try {
    return parseTextTag(text);
  } catch (error) {
    throw invalidTag(error, where);
  }
}

function invalidTag(error: unknown, where: TagWhere) {
  if (!(error instanceof TextTagSyntaxError)) return error;
  return badRequest("error.validation.textTagInvalid", `Text tag "${error.tag}" ${describeWhere(where)} is invalid: ${error.reason}.`);
}

/** By id first, then by name in any case; a name the package has no role for becomes a new role's id. */
function findRole(roles: TextTagRole[], tag: TextTag): TextTagRole {
  const wanted = tag.role.toLowerCase();
  const known = roles.find((candidate) => candidate.id === tag.role) ?? roles.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (known) return known;
  const created = { id: tag.role, name: tag.role };
  roles.push(created);
  return created;
}

/** The tag's text box, resized by `size` and moved by `offset`; it must stay on the page. */
function placeField(tag: TextTag, textBox: TopLeftRect, geometry: PageGeometry, where: TagWhere): TopLeftRect {
  // `size` and `offset` are in the wire's unit, as the fields the API places: converted unrounded,
  // so that size(200,50) comes back as 200 by 50.
  const rect = {
    left: round2(textBox.left) + wireToPoints(tag.offset?.x ?? 0),
    top: round2(textBox.top) + wireToPoints(tag.offset?.y ?? 0),
    width: tag.size ? wireToPoints(tag.size.width) : round2(textBox.width),
    height: tag.size ? wireToPoints(tag.size.height) : round2(textBox.height),
  };
  const page = displayedPageSize(geometry);
  const slack = 0.01;
  const onPage =
    rect.left >= -slack &&
    rect.top >= -slack &&
    rect.left + rect.width <= page.width + slack &&
    rect.top + rect.height <= page.height + slack &&
    rect.width > 0 &&
    rect.height > 0;
  if (!onPage) {
    throw badRequest(
      "error.validation.textTagOffPage",
      `Text tag "${tag.text}" ${describeWhere(where)} would put its field at left ${pointsToWire(rect.left)}, top ${pointsToWire(rect.top)}, ` +
        `width ${pointsToWire(rect.width)}, height ${pointsToWire(rect.height)}, outside the page (${pointsToWire(page.width)} by ${pointsToWire(page.height)}).`,
    );
  }
  return rect;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

// ---- Lines of text, and where their characters are ----

/** A text item with its geometry in user space. */
interface PlacedItem {
  text: string;
  /** Offset of the item's first character in its line's text. */
  start: number;
  /** Start of the baseline. */
  origin: UserSpacePoint;
  /** Unit vectors: along the baseline, and the text's up. */
  along: UserSpacePoint;
  up: UserSpacePoint;
  /** Length of the baseline, and the font size, in user space. */
  width: number;
  fontSize: number;
  style: TextStyle | undefined;
  /** The standard font whose character widths stand in for the item's font's. */
  metricsFont: PDFFont;
}

interface TextLine {
  text: string;
  items: PlacedItem[];
}

/**
 * Joins text items into lines, so that a tag split over several items (several show-text
 * operations, or a change of font) is found whole. An item continues the line when pdf.js saw no
 * line break before it, it runs in the same direction, and its baseline is the line's.
 */
function linesOf(items: TextItem[], styles: Record<string, TextStyle>, metrics: StandardFontMetrics): TextLine[] {
  const lines: TextLine[] = [];
  let current: TextLine | undefined;
  let lineEnded = true;
  for (const item of items) {
    const [a, b, c, d, e, f] = item.transform as number[];
    const fontSize = Math.hypot(c, d);
    if (item.str === "" || fontSize === 0 || Math.hypot(a, b) === 0) {
      lineEnded ||= item.hasEOL;
      continue;
    }
    const placed: PlacedItem = {
      text: item.str,
      start: 0,
      origin: { x: e, y: f },
      along: { x: a / Math.hypot(a, b), y: b / Math.hypot(a, b) },
      up: { x: c / fontSize, y: d / fontSize },
      width: item.width,
      fontSize,
      style: styles[item.fontName],
      metricsFont: metricsFontFor(metrics, styles[item.fontName]),
    };
    if (lineEnded || !current || !continuesLine(current.items[current.items.length - 1], placed)) {
      current = { text: "", items: [] };
      lines.push(current);
    }
    placed.start = current.text.length;
    current.text += placed.text;
    current.items.push(placed);
    lineEnded = item.hasEOL;
  }
  return lines;
}

function continuesLine(previous: PlacedItem, next: PlacedItem): boolean {
  const sameDirection = previous.along.x * next.along.x + previous.along.y * next.along.y > 0.999;
  const baselineDistance = Math.abs(
    (next.origin.x - previous.origin.x) * previous.up.x + (next.origin.y - previous.origin.y) * previous.up.y,
  );
  return sameDirection && baselineDistance < 0.3 * Math.min(previous.fontSize, next.fontSize);
}

/** The corners of the box around characters start..end-1 of a line, from descent to ascent. */
function textBoxCorners(line: TextLine, start: number, end: number): UserSpacePoint[] {
  const first = itemAt(line, start);
  const last = itemAt(line, end - 1);
  const startPoint = pointOnBaseline(first, start - first.start);
  const endPoint = pointOnBaseline(last, end - last.start);
  return [...verticalExtent(first, startPoint), ...verticalExtent(last, endPoint)];
}

function itemAt(line: TextLine, offset: number): PlacedItem {
  return line.items.findLast((item) => item.start <= offset)!;
}

function pointOnBaseline(item: PlacedItem, charIndex: number): UserSpacePoint {
  const distance = item.width * advanceShare(item, charIndex);
  return { x: item.origin.x + item.along.x * distance, y: item.origin.y + item.along.y * distance };
}

function verticalExtent(item: PlacedItem, baselinePoint: UserSpacePoint): UserSpacePoint[] {
  // pdf.js reports ascent and descent as fractions of the font size; some fonts report nonsense.
  const style = item.style;
  const sane = style !== undefined && style.ascent > 0 && style.ascent <= 1.5 && style.descent <= 0 && style.descent >= -1;
  const ascent = sane ? style.ascent : 0.8;
  const descent = sane ? style.descent : -0.2;
  return [ascent, descent].map((fraction) => ({
    x: baselinePoint.x + item.up.x * fraction * item.fontSize,
    y: baselinePoint.y + item.up.y * fraction * item.fontSize,
  }));
}

function boundingBox(points: UserSpacePoint[]) {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * The share of the item's width taken by its first `charIndex` characters. pdf.js gives only the
 * width of a whole item, so the characters are weighed with the metrics of the standard font of
 * the item's family: exact for the standard fonts, close for others.
 */
function advanceShare(item: PlacedItem, charIndex: number): number {
  if (charIndex <= 0) return 0;
  if (charIndex >= item.text.length) return 1;
  // By UTF-16 unit, as the offsets are counted.
  const widths = item.text.split("").map((char) => charWidth(item.metricsFont, char));
  const total = widths.reduce((sum, width) => sum + width, 0);
  const before = widths.slice(0, charIndex).reduce((sum, width) => sum + width, 0);
  return total > 0 ? before / total : charIndex / item.text.length;
}

interface StandardFontMetrics {
  sansSerif: PDFFont;
  serif: PDFFont;
  monospace: PDFFont;
}

let standardFontMetrics: Promise<StandardFontMetrics> | undefined;

function loadStandardFontMetrics(): Promise<StandardFontMetrics> {
  standardFontMetrics ??= PDFDocument.create().then((pdf) => ({
    sansSerif: pdf.embedStandardFont(StandardFonts.Helvetica),
    serif: pdf.embedStandardFont(StandardFonts.TimesRoman),
    monospace: pdf.embedStandardFont(StandardFonts.Courier),
  }));
  return standardFontMetrics;
}

function metricsFontFor(metrics: StandardFontMetrics, style: TextStyle | undefined): PDFFont {
  if (style?.fontFamily === "monospace") return metrics.monospace;
  if (style?.fontFamily === "serif") return metrics.serif;
  return metrics.sansSerif;
}

function charWidth(font: PDFFont, char: string): number {
  try {
    return font.widthOfTextAtSize(char, 1000);
  } catch {
    return 500; // A character the standard font cannot encode: a typical width.
  }
}

// ---- Approvals and fields ----

const FIELD_KINDS: Record<TextTagType, Pick<FieldInput, "type" | "subtype" | "binding">> = {
  signature: { type: "SIGNATURE", subtype: "FULLNAME" },
  initials: { type: "SIGNATURE", subtype: "INITIALS" },
  capture: { type: "SIGNATURE", subtype: "CAPTURE" },
  textfield: { type: "INPUT", subtype: "TEXTFIELD" },
  textarea: { type: "INPUT", subtype: "TEXTAREA" },
  checkbox: { type: "INPUT", subtype: "CHECKBOX" },
  radio: { type: "INPUT", subtype: "RADIO" },
  list: { type: "INPUT", subtype: "LIST" },
  label: { type: "INPUT", subtype: "LABEL" },
  signername: { type: "INPUT", subtype: "LABEL", binding: "{signer.name}" },
  signertitle: { type: "INPUT", subtype: "LABEL", binding: "{signer.title}" },
  signercompany: { type: "INPUT", subtype: "LABEL", binding: "{signer.company}" },
  signingdate: { type: "INPUT", subtype: "LABEL", binding: "{approval.signed}" },
};

/**
 * Each signature tag gets an approval of its own; a role's other fields go into its first
 * approval on the document, or into an acceptance approval (no signature) when it has none.
 */
function approvalsFor(placedTags: PlacedTag[]): PlacedApprovalInput[] {
  const fields = placedTags.map((placed) => ({ roleId: placed.roleId, field: fieldFor(placed) }));
  const approvals: PlacedApprovalInput[] = fields
    .filter(({ field }) => field.type === "SIGNATURE")
    .map(({ roleId, field }) => newApproval(roleId, field));
  for (const { roleId, field } of fields) {
    if (field.type === "SIGNATURE") continue;
    const approval = approvals.find((candidate) => candidate.role === roleId);
    if (approval) approval.fields.push(field);
    else approvals.push(newApproval(roleId, field));
  }
  return approvals;
}

function newApproval(roleId: string, field: PlacedFieldInput): PlacedApprovalInput {
  return { role: roleId, fields: [field] };
}

function fieldFor({ tag, page, rect }: PlacedTag): PlacedFieldInput {
  const validation: NonNullable<FieldInput["validation"]> = {};
  if (tag.required) validation.required = true;
  if (tag.maxLength !== undefined) validation.maxLength = tag.maxLength;
  if (tag.options) validation.enum = tag.options;
  if (tag.group !== undefined) validation.group = tag.group;
  return {
    ...FIELD_KINDS[tag.type],
    name: tag.fieldName,
    page,
    ...boxToWire(rect),
    value: tag.value,
    validation: Object.keys(validation).length > 0 ? validation : undefined,
    extract: false,
  };
}
