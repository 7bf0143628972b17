import type { FieldInput, PlacedApprovalInput, PlacedFieldInput } from "@/lib/api/packages";
import { boxToWire, pointsToWire, wireToPoints } from "@/lib/api/wire-units";
import { roleNamed, type NamedRole } from "@/lib/esign/documents/named-roles";
import { badRequest } from "@/lib/esign/errors";
import { displayedPageSize, type PageGeometry, type TopLeftRect } from "@/lib/esign/pdf/coordinates";
import { pagesOfText, textRect } from "@/lib/esign/pdf/page-text";
import { findTextTags, parseTextTag, TextTagSyntaxError, type TextTag, type TextTagType } from "./parse-text-tag";

/**
 * Turns the text tags of a PDF into approvals and fields (compat-notes.md, "Text tags"). Fields
 * get no ids (the caller assigns them) and `extract: false`; pages are 0-based. A tag's role is
 * found by `roleNamed`: a name the package has no role for names a new one.
 */
export async function extractTextTags(pdf: Uint8Array, packageRoles: NamedRole[], documentName: string): Promise<PlacedApprovalInput[]> {
  const roles = [...packageRoles];
  const placedTags: PlacedTag[] = [];
  for await (const { pageIndex, geometry, lines } of pagesOfText(pdf, documentName, "cannot be read to find its text tags")) {
    const where = { pageNumber: pageIndex + 1, documentName };
    for (const line of lines) {
      for (const location of locateTags(line.text, where)) {
        const tag = parseTag(location.text, where);
        const role = roleNamed(roles, tag.role);
        const rect = placeField(tag, textRect(line, location.start, location.end, geometry), geometry, where);
        placedTags.push({ tag, roleId: role.id, page: pageIndex, rect });
      }
    }
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
