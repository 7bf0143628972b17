import type { FieldInput, PlacedApprovalInput, PlacedFieldInput } from "@/lib/api/packages";
import { pointsToWire, wireToPoints } from "@/lib/api/wire-units";
import { roleNamed, type NamedRole } from "@/lib/esign/documents/named-roles";
import { badRequest } from "@/lib/esign/errors";
import { displayedPageSize, type PageGeometry, type TopLeftRect } from "@/lib/esign/pdf/coordinates";
import { parseTextTag, TextTagSyntaxError, type TextTag, type TextTagType } from "./parse-text-tag";

/**
 * The approvals and fields of text tags already found on a document's pages (compat-notes.md,
 * "Text tags"). Nothing here reads a PDF, so that a route placing fields from tags another thread
 * found does not load pdf-lib (extract-text-tags.ts reads the pages).
 */

/** A tag as written on a page, not yet parsed. */
export interface TagOnPage {
  /** The tag as written, braces included. */
  text: string;
  /** 0-based. */
  page: number;
  geometry: PageGeometry;
  /** The box of the tag's text, from descent to ascent, on the page as displayed. */
  box: TopLeftRect;
}

/** The approvals and fields of the tags found on a document's pages (`textTagsOf`), in page order. */
export function approvalsFromTextTags(tags: TagOnPage[], packageRoles: NamedRole[], documentName: string): PlacedApprovalInput[] {
  const roles = [...packageRoles];
  const placedTags: PlacedTag[] = [];
  for (const found of tags) {
    const where = { pageNumber: found.page + 1, documentName };
    const tag = parseTag(found.text, where);
    const role = roleNamed(roles, tag.role);
    const rect = placeField(tag, found.box, found.geometry, where);
    placedTags.push({ tag, roleId: role.id, page: found.page, rect });
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

export interface TagWhere {
  /** 1-based, as people count pages. */
  pageNumber: number;
  documentName: string;
}

const describeWhere = ({ pageNumber, documentName }: TagWhere) => `on page ${pageNumber} of document "${documentName}"`;

function parseTag(text: string, where: TagWhere): TextTag {
  try {
    return parseTextTag(text);
  } catch (error) {
    throw invalidTag(error, where);
  }
}

export function invalidTag(error: unknown, where: TagWhere) {
  if (!(error instanceof TextTagSyntaxError)) return error;
  return badRequest("error.validation.textTagInvalid", `Text tag "${error.tag}" ${describeWhere(where)} is invalid: ${error.reason}.`);
}

/**
 * The tag's text box grown to the least size its kind needs (`usableBox`), or resized by `size`;
 * then moved by `offset`. It must stay on the page.
 */
function placeField(tag: TextTag, textBox: TopLeftRect, geometry: PageGeometry, where: TagWhere): TopLeftRect {
  const page = displayedPageSize(geometry);
  const tagBox = { left: round2(textBox.left), top: round2(textBox.top), width: round2(textBox.width), height: round2(textBox.height) };
  // `size` and `offset` are in the wire's unit, as the fields the API places: converted unrounded,
  // so that size(200,50) comes back as 200 by 50.
  const sized = tag.size ? { ...tagBox, width: wireToPoints(tag.size.width), height: wireToPoints(tag.size.height) } : usableBox(tag.type, tagBox, page);
  const rect = { ...sized, left: sized.left + wireToPoints(tag.offset?.x ?? 0), top: sized.top + wireToPoints(tag.offset?.y ?? 0) };
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

/**
 * The least box, in points, of a field made from a tag without `size`: tags are often typed in
 * small print, and a field the size of the tag's text is hard to click in the ceremony and
 * stamps its value too small to read (a signature at least 18 points tall, text at about 10).
 * Check boxes and radio buttons are squares whatever the width of the tag.
 */
const LEAST_SIZE: Record<TextTagType, { width: number; height: number }> = {
  signature: { width: 150, height: 28 },
  capture: { width: 150, height: 28 },
  initials: { width: 40, height: 24 },
  textarea: { width: 150, height: 28 },
  textfield: { width: 72, height: 14 },
  list: { width: 72, height: 14 },
  label: { width: 72, height: 14 },
  signername: { width: 72, height: 14 },
  signertitle: { width: 72, height: 14 },
  signercompany: { width: 72, height: 14 },
  signingdate: { width: 72, height: 14 },
  checkbox: { width: 12, height: 12 },
  radio: { width: 12, height: 12 },
};

/**
 * The tag's box grown to the least size of its kind, anchored where the tag starts on its
 * baseline: wider to the right, taller upwards (a value sits on the line, as if written on it),
 * as far as the page allows. A check box or radio button is a square as tall as the tag.
 */
export function usableBox(type: TextTagType, tagBox: TopLeftRect, page: { width: number; height: number }): TopLeftRect {
  const least = LEAST_SIZE[type];
  const bottom = tagBox.top + tagBox.height;
  const square = type === "checkbox" || type === "radio";
  const height = Math.min(Math.max(tagBox.height, least.height), bottom);
  const width = Math.min(square ? height : Math.max(tagBox.width, least.width), Math.max(tagBox.width, page.width - tagBox.left));
  return { left: tagBox.left, top: round2(bottom - height), width: round2(width), height: round2(height) };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
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
  // Each role's first approval, looked up by role: a search of the list per field was quadratic.
  const firstOfRole = new Map<string, PlacedApprovalInput>();
  for (const approval of approvals) if (!firstOfRole.has(approval.role)) firstOfRole.set(approval.role, approval);
  for (const { roleId, field } of fields) {
    if (field.type === "SIGNATURE") continue;
    const approval = firstOfRole.get(roleId);
    if (approval) approval.fields.push(field);
    else {
      const acceptance = newApproval(roleId, field);
      approvals.push(acceptance);
      firstOfRole.set(roleId, acceptance);
    }
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
  const kind = FIELD_KINDS[tag.type];
  // Member by member, as fieldRow does (package-content.ts): a spread before members is slow, per tag.
  return {
    type: kind.type,
    subtype: kind.subtype,
    binding: kind.binding,
    name: tag.fieldName,
    page,
    top: pointsToWire(rect.top),
    left: pointsToWire(rect.left),
    width: pointsToWire(rect.width),
    height: pointsToWire(rect.height),
    value: tag.value,
    validation: Object.keys(validation).length > 0 ? validation : undefined,
    extract: false,
  };
}
