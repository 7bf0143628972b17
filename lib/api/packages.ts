import { z } from "zod";
import { packageSettings } from "./package-settings";
import { senderResponse } from "./senders";
import { optional, withoutNulls, pageFrom } from "./wire";
import { packageLanguageInput } from "./package-language";
import { CANCEL_REASON_MAX, LIST_QUERIES, LIST_SORTS, PACKAGE_STATUSES } from "./wire-values";

export { CANCEL_REASON_MAX, LIST_QUERIES, LIST_SORTS, PACKAGE_STATUSES };
export type { PackageStatus } from "./wire-values";

/**
 * The wire contract of packages, templates, roles, documents, approvals and fields
 * (spec 2.1 to 2.4, compat-notes.md). Request schemas accept partial bodies and ignore unknown
 * members; explicit nulls from clients mean "not set".
 */

/** Free-form client objects (`data`, `delivery`, ...): stored without the nulls the SDKs must never read back. */
const looseRecord = z.record(z.string(), z.unknown()).transform(withoutNulls);
const clientId = z.string().trim().min(1).max(256);

export const packageType = z.enum(["PACKAGE", "TEMPLATE"]);
export type PackageType = z.infer<typeof packageType>;

export const FIELD_SUBTYPES = [
  "FULLNAME",
  "INITIALS",
  "CAPTURE",
  "MOBILE_CAPTURE",
  "LABEL",
  "TEXTFIELD",
  "TEXTAREA",
  "CHECKBOX",
  "RADIO",
  "LIST",
  "DATE",
  "DATEPICKER",
  "QRCODE",
  "CUSTOMFIELD",
] as const;
export const SIGNATURE_SUBTYPES = ["FULLNAME", "INITIALS", "CAPTURE", "MOBILE_CAPTURE"] as const;

export const fieldValidationInput = z.object({
  required: optional(z.boolean()),
  maxLength: optional(z.number().int().min(0)),
  minLength: optional(z.number().int().min(0)),
  pattern: optional(z.string().max(1000)),
  errorMessage: optional(z.string().max(1000)),
  enum: optional(z.array(z.string().max(1000)).max(500)),
  group: optional(z.string().max(256)),
  minimumRequired: optional(z.number().int().min(0)),
  // Kept and answered for the SDKs (FieldValidatorsExample); the ceremony does not act on them yet.
  maximumRequired: optional(z.number().int().min(0)),
  groupTooltip: optional(z.string().max(1000)),
  disabled: optional(z.boolean()),
});

const fieldType = z.enum(["SIGNATURE", "INPUT"]);
const fieldSubtype = z.enum(FIELD_SUBTYPES);

/**
 * A field placed by text in the document instead of coordinates (the original's text anchor): the
 * `index`-th occurrence (0-based) of `text`, the corner `anchorPoint` of its character
 * `characterIndex`, moved by the offsets; `width` and `height` give the field's size. Offsets and
 * sizes are in the wire's unit.
 */
export const extractAnchorInput = z.object({
  text: z.string().trim().min(1, "is required").max(1000),
  index: optional(z.number().int().min(0)),
  anchorPoint: optional(z.enum(["TOPLEFT", "TOPRIGHT", "BOTTOMLEFT", "BOTTOMRIGHT"])),
  characterIndex: optional(z.number().int().min(0)),
  leftOffset: optional(z.number().finite()),
  topOffset: optional(z.number().finite()),
  width: optional(z.number().finite().positive()),
  height: optional(z.number().finite().positive()),
});
export type ExtractAnchorInput = z.infer<typeof extractAnchorInput>;

const fieldMembers = z.object({
  id: optional(clientId),
  name: optional(z.string().max(256)),
  type: fieldType,
  subtype: fieldSubtype,
  page: optional(z.number().int().min(0)),
  // In the wire's unit (lib/api/wire-units.ts). Absent only where the document gives the position:
  // `extract` (the form field of the same name) or `extractAnchor`.
  top: optional(z.number().finite()),
  left: optional(z.number().finite()),
  // Zero only for the original SDKs' acceptance marker: a SIGNATURE field of size 0 (see isAcceptanceMarker).
  width: optional(z.number().finite().min(0)),
  height: optional(z.number().finite().min(0)),
  value: optional(z.string().max(100_000)),
  binding: optional(z.string().max(256)),
  validation: optional(fieldValidationInput),
  extract: optional(z.boolean()),
  extractAnchor: optional(extractAnchorInput),
  /**
   * The font size the sender asked for, in points: 0 (the SDKs' "automatic") or 4 to 72. Kept and
   * answered; the stamper fits every value to its field.
   */
  fontSize: optional(z.number().int().max(72).refine((size) => size === 0 || size >= 4, "must be 0 (automatic) or at least 4")),
  tooltip: optional(z.string().max(1000)),
  data: optional(looseRecord),
});
const POSITION = ["page", "top", "left", "width", "height"] as const;

/** A new field: a full-name signature unless the client says otherwise; placed by coordinates unless the document places it. */
export const fieldInput = fieldMembers
  .extend({ type: fieldType.default("SIGNATURE"), subtype: fieldSubtype.default("FULLNAME") })
  .superRefine((field, context) => {
    for (const member of ["width", "height"] as const) {
      if (field[member] === 0 && !isAcceptanceMarker(field)) {
        context.addIssue({ code: "custom", path: [member], message: "must be greater than 0 (only a SIGNATURE field of size 0 × 0 marks an acceptance)" });
      }
    }
    if (field.extract || field.extractAnchor) return;
    for (const member of POSITION) {
      if (field[member] === undefined) {
        context.addIssue({ code: "custom", path: [member], message: "is required, unless extract is true or extractAnchor places the field" });
      }
    }
  });
export type FieldInput = z.infer<typeof fieldInput>;
/** A field whose position is known: given, or read from the document. */
export type PlacedFieldInput = FieldInput & Required<Pick<FieldInput, (typeof POSITION)[number]>>;

/**
 * The original SDKs make an acceptance (click to accept, no signature) as an approval holding one
 * SIGNATURE field of size 0 × 0; the service keeps such an approval without fields, as the
 * original does.
 */
export function isAcceptanceMarker(field: Pick<FieldInput, "type" | "width" | "height">): boolean {
  return field.type === "SIGNATURE" && field.width === 0 && field.height === 0;
}

export function isPlaced(field: FieldInput): field is PlacedFieldInput {
  return POSITION.every((member) => field[member] !== undefined);
}
/** For PUT on a field: every member optional and without defaults, so what is absent stays as it is. */
export const fieldUpdate = fieldMembers.partial();
export type FieldUpdate = z.infer<typeof fieldUpdate>;

export const approvalInput = z.object({
  id: optional(clientId),
  role: clientId,
  name: optional(z.string().max(256)),
  optional: optional(z.boolean()),
  enforceCaptureSignature: optional(z.boolean()),
  /** The SDKs' signature "from file" (a stored signature image): kept and answered, not applied by the ceremony yet. */
  fromFile: optional(z.boolean()),
  /** The sender turned this signature off: the signer sees it and cannot sign it; nobody waits for it. */
  disabled: optional(z.boolean()),
  tooltip: optional(z.string().max(1000)),
  fields: z.array(fieldInput).max(1000).nullish().transform((value) => value ?? []),
  data: optional(looseRecord),
});
export type ApprovalInput = z.infer<typeof approvalInput>;
/** An approval whose fields are all placed (see `PlacedFieldInput`): what the document's extraction produces. */
export type PlacedApprovalInput = Omit<ApprovalInput, "fields"> & { fields: PlacedFieldInput[] };
export const approvalUpdate = approvalInput.omit({ fields: true }).partial();
export type ApprovalUpdate = z.infer<typeof approvalUpdate>;

export const documentInput = z.object({
  id: optional(clientId),
  index: optional(z.number().int().min(0)),
  name: z.string().trim().min(1, "is required").max(256),
  description: optional(z.string().max(4000)),
  extract: optional(z.boolean()),
  extractionTypes: optional(z.array(z.string())),
  approvals: z.array(approvalInput).max(1000).nullish().transform((value) => value ?? []),
  data: optional(looseRecord),
});
export type DocumentInput = z.infer<typeof documentInput>;
export const documentUpdate = documentInput.pick({ name: true, description: true, index: true, data: true }).partial();
/** A document's new name, as the console's rename form and the API check it. */
export const documentRename = documentInput.pick({ name: true });
export type DocumentUpdate = z.infer<typeof documentUpdate>;

/** A member of an ad-hoc group: another signer of the package, named by its signer id (`userId`) or e-mail. */
export const adHocGroupMemberInput = z.object({
  userId: optional(clientId),
  email: optional(z.email("must be an e-mail address").max(254)),
  memberType: optional(z.string().max(64)),
});

/**
 * A group as a signer: a group of the account (`id`), or an ad-hoc group (no `id`) whose `members`
 * are other signers of the package, any one of whom signs for it.
 */
export const signerGroupInput = z.object({
  // An ad-hoc group reads back with `id: ""`; a client putting the role back sends it so.
  id: z.preprocess((value) => (value === "" ? undefined : value), optional(clientId)),
  email: optional(z.string().max(254)),
  name: optional(z.string().max(256)),
  members: optional(z.array(adHocGroupMemberInput).max(100)),
});

const looseArray = z.array(z.unknown()).max(100).transform(withoutNulls);

/** One of a signer's `auth.challenges`: a question and its answer (CHALLENGE), or the phone number as `question` (SMS). */
export const authChallengeInput = z.looseObject({
  question: optional(z.string().max(255)),
  /** Checked against its hash; an unmasked one is also answered back to the package owner who wrote it. */
  answer: optional(z.string().max(255)),
  maskInput: optional(z.boolean()),
  challengeType: optional(z.string().max(64)),
});

/**
 * How a signer proves who they are before the ceremony shows anything (the original's `Auth`):
 * `NONE`, `CHALLENGE` (questions and answers) or `SMS` (a code texted to the phone in the first
 * challenge's `question`). Checked in lib/esign/signing/authentication/signer-auth.ts: the other
 * schemes (KBA, SSO, …) need a provider and are refused with 422.
 */
export const signerAuthInput = z.looseObject({
  scheme: optional(z.string().max(32)),
  challenges: optional(z.array(authChallengeInput).max(20)),
});

export const signerInput = z.object({
  id: optional(clientId),
  email: optional(z.email("must be an e-mail address").max(254)),
  firstName: optional(z.string().max(256)),
  lastName: optional(z.string().max(256)),
  company: optional(z.string().max(256)),
  title: optional(z.string().max(256)),
  phone: optional(z.string().max(64)),
  language: optional(z.string().max(16)),
  timezoneId: optional(z.string().max(64)),
  group: optional(signerGroupInput),
  delivery: optional(looseRecord),
  auth: optional(signerAuthInput),
  data: optional(looseRecord),
  // Kept as given and echoed: what the original's Signer carries that Signet does not act on.
  address: optional(looseRecord),
  knowledgeBasedAuthentication: optional(looseRecord),
  notificationMethods: optional(looseRecord),
  signature: optional(looseRecord),
  external: optional(looseRecord),
  professionalIdentityFields: optional(looseArray),
  userCustomFields: optional(looseArray),
  specialTypes: optional(z.array(z.string().max(64)).max(20)),
});
export type SignerInput = z.infer<typeof signerInput>;

const baseMessage = z.union([z.string(), z.object({ content: optional(z.string()) })]);

/**
 * A file the role's signer is asked to upload (OneSpan's AttachmentRequirement). The service keeps
 * `status` and `files`: what a client sends for them is ignored. The name is the PACKAGE_ATTACHMENT
 * event's message, hence at most 255 characters.
 */
export const attachmentRequirementInput = z.object({
  id: optional(clientId),
  name: z.string().trim().min(1, "is required").max(255),
  description: optional(z.string().max(4000)),
  required: optional(z.boolean()),
  comment: optional(z.string().max(4000)),
  data: optional(looseRecord),
  /** The kind of document asked for (e.g. DRIVERS_LICENSE): kept and answered. */
  attachmentType: optional(z.string().max(64)),
  extractionEnabled: optional(z.boolean()),
  /**
   * Read only on a SENT package, where a role's PUT is the sender's review (as the original's
   * SDK accepts and rejects): REJECTED with `comment`, or COMPLETE to accept. Ignored in a draft.
   */
  status: optional(z.enum(["INCOMPLETE", "COMPLETE", "ACCEPTED", "REJECTED"])),
  /** Our extension: with COMPLETE on a SENT package, accepts files the sender never rejected. */
  accepted: optional(z.boolean()),
});
export type AttachmentRequirementInput = z.infer<typeof attachmentRequirementInput>;

export const roleInput = z.object({
  id: optional(clientId),
  index: optional(z.number().int().min(0)),
  type: optional(z.enum(["SIGNER", "SENDER"])),
  name: optional(z.string().max(256)),
  signers: z.array(signerInput).max(1, "a role holds one signer").nullish().transform((value) => value ?? []),
  emailMessage: optional(baseMessage),
  reassign: optional(z.boolean()),
  attachmentRequirements: optional(z.array(attachmentRequirementInput).max(50)),
  data: optional(looseRecord),
});
export type RoleInput = z.infer<typeof roleInput>;
/** For PUT on a role: absent or null members stay as they are (`signers: []` empties the role). */
export const roleUpdate = roleInput.partial().extend({
  signers: z.array(signerInput).max(1, "a role holds one signer").nullish().transform((value) => value ?? undefined).optional(),
});
export type RoleUpdate = z.infer<typeof roleUpdate>;

const dueDate = z.iso
  .datetime({ offset: true, local: true })
  .or(z.iso.date())
  .nullish()
  .transform((value) => (value === undefined ? undefined : value === null ? null : new Date(value)));

/** The package's sender at creation: another sender of the account (by e-mail) and how its SENDER role names them. */
export const packageSenderInput = z.object({
  email: optional(z.email("must be an e-mail address").max(254)),
  firstName: optional(z.string().max(256)),
  lastName: optional(z.string().max(256)),
  title: optional(z.string().max(256)),
  company: optional(z.string().max(256)),
});

/**
 * Conditional fields (the original's `conditions`): `condition` and `action` in its expression
 * language, naming fields as `document['<documentId>'].field['<fieldId>']`. Kept and answered;
 * `GET …/referencedConditions` says which fields each names.
 */
export const fieldCondition = z.object({
  id: optional(z.string().trim().min(1).max(128)),
  condition: z.string().trim().min(1).max(4000),
  action: z.string().trim().min(1).max(4000),
});
const fieldConditions = z.array(fieldCondition).max(500);

/** `PUT …/fields/{fieldId}/conditionalFields`: the conditions that test the field, replacing those it had. */
export const conditionalFieldInput = z.looseObject({ id: optional(z.string()), conditions: fieldConditions.nullish().transform((value) => value ?? []) });
export type ConditionalFieldInput = z.infer<typeof conditionalFieldInput>;

/** `GET /api/packages/{id}/referencedConditions?documentId=&fieldId=`. */
export const referencedConditionsQuery = z.object({ documentId: optional(z.string().max(128)), fieldId: optional(z.string().max(128)) });

const conditionList = z.array(z.object({ id: z.string(), condition: z.string(), action: z.string() }));
export const referencedConditionsResponse = z.object({
  packageId: z.string(),
  documents: z.array(
    z.object({
      documentId: z.string(),
      fields: z.array(z.object({ fieldId: z.string(), conditions: z.object({ referencedInCondition: conditionList, referencedInAction: conditionList }) })),
    }),
  ),
});

/** `POST /api/packages` payload. */
export const packageCreate = z.object({
  name: z.string().trim().min(1, "is required").max(256),
  type: packageType.default("PACKAGE"),
  status: z.enum(["DRAFT", "SENT"]).default("DRAFT"),
  description: optional(z.string().max(4000)),
  emailMessage: optional(z.string().max(4000)),
  language: packageLanguageInput,
  autocomplete: optional(z.boolean()),
  notarized: optional(z.boolean()),
  notaryRoleId: optional(z.string().max(128)),
  visibility: optional(z.enum(["ACCOUNT", "SENDER"])),
  timezoneId: optional(z.string().max(64)),
  due: dueDate,
  settings: optional(packageSettings),
  data: optional(looseRecord),
  sender: optional(packageSenderInput),
  conditions: optional(fieldConditions),
  roles: z.array(roleInput).max(100).nullish().transform((value) => value ?? []),
  documents: z.array(documentInput).max(100).nullish().transform((value) => value ?? []),
});
export type PackageCreate = z.infer<typeof packageCreate>;

/** `POST|PUT /api/packages/{id}`: metadata and status changes (compat notes, "Packages"). */
export const packageUpdate = z.object({
  name: optional(z.string().trim().min(1).max(256)),
  status: optional(z.enum(PACKAGE_STATUSES)),
  trashed: optional(z.boolean()),
  description: optional(z.string().max(4000)),
  emailMessage: optional(z.string().max(4000)),
  language: packageLanguageInput,
  autocomplete: optional(z.boolean()),
  notarized: optional(z.boolean()),
  notaryRoleId: optional(z.string().max(128)),
  visibility: optional(z.enum(["ACCOUNT", "SENDER"])),
  timezoneId: optional(z.string().max(64)),
  due: dueDate,
  settings: optional(packageSettings),
  data: optional(looseRecord),
  conditions: optional(fieldConditions),
  /** Our extension: with `{"status":"DRAFT"}` on a SENT package, the reason e-mailed to the signers who were invited. */
  message: optional(z.string().trim().max(CANCEL_REASON_MAX)).describe(
    'Signet extension: with {"status":"DRAFT"} on a SENT package, why the signing is cancelled; every signer who was invited is e-mailed it. Empty means none.',
  ),
});
export type PackageUpdate = z.infer<typeof packageUpdate>;

/** A role of a clone's body: like a new role, but absent signers (undefined) tell apart from none (`[]`). */
const cloneRoleInput = roleInput.extend({
  signers: z.array(signerInput).max(1, "a role holds one signer").nullish().transform((value) => value ?? undefined).optional(),
});

/**
 * `POST /api/packages/{id}/clone`: a template from a package, or a package from a template. The
 * type defaults to PACKAGE, the original's default (its SDK creates packages from templates without
 * one and names TEMPLATE when it makes a template).
 */
export const packageClone = z.object({
  name: z.string().trim().min(1).max(256),
  type: packageType.default("PACKAGE"),
  description: optional(z.string().max(4000)),
  emailMessage: optional(z.string().max(4000)),
  language: packageLanguageInput,
  autocomplete: optional(z.boolean()),
  visibility: optional(z.enum(["ACCOUNT", "SENDER"])),
  status: z.enum(["DRAFT", "SENT"]).default("DRAFT"),
  due: dueDate,
  settings: optional(packageSettings),
  timezoneId: optional(z.string().max(64)),
  data: optional(looseRecord),
  sender: optional(packageSenderInput),
  /**
   * For a package from a template: the people who fill the template's roles, matched by role id.
   * A role of the source given with `signers: []` becomes a placeholder in the copy (as PUT on a
   * role empties it); without `signers` (or null) it keeps its signer.
   */
  roles: z.array(cloneRoleInput).max(100).nullish().transform((value) => value ?? []),
});
export type PackageClone = z.infer<typeof packageClone>;

/** `DELETE …/documents`: the ids of the documents to delete. */
export const documentIdList = z.array(clientId).min(1, "name at least one document").max(200);

export const orderChange = z.array(z.object({ id: clientId, index: z.number().int().min(0) })).min(1).max(200);
export type OrderChange = z.infer<typeof orderChange>;

export const packageListQuery = z.object({
  query: optional(z.string()),
  // In any case: the Java SDK lists templates with `type=template`.
  type: z.preprocess((value) => (typeof value === "string" ? value.toUpperCase() : value), packageType).default("PACKAGE"),
  search: optional(z.string().max(256)),
  sort: z.enum(LIST_SORTS).default("updated"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  from: pageFrom,
  to: optional(z.coerce.number().int().min(1)),
  startDate: optional(z.iso.datetime({ offset: true }).or(z.iso.date())),
  endDate: optional(z.iso.datetime({ offset: true }).or(z.iso.date())),
  /** Another sender's folders instead of the caller's (needs users.transactions): by user id or by e-mail. */
  ownerUserId: optional(z.string().trim().min(1).max(256)),
  ownerEmail: optional(z.string().trim().min(1).max(254)),
  /** Only these members of each package, as strings (`fields=id,name`): the SDKs' getPackagesFields. */
  fields: optional(
    z
      .string()
      .max(1000)
      .transform((list) => list.split(",").map((name) => name.trim()).filter(Boolean)),
  ),
});
export type PackageListQuery = z.infer<typeof packageListQuery>;

// Response shapes: what the service answers (no nulls; dates as UTC strings ending in Z). The
// types the code uses are inferred from these schemas, which also describe the OpenAPI document.
const date = z.iso.datetime().describe("UTC, ISO 8601, ending in Z");
const record = z.record(z.string(), z.unknown());

export const fieldResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  subtype: z.string(),
  page: z.number().int().describe("0-based page index"),
  top: z.number().describe("From the page's top edge, in pixels of the page rendered at 93.6 dpi (1.3 per PDF point), as OneSpan Sign places fields"),
  left: z.number().describe("From the page's left edge, in the same unit"),
  width: z.number(),
  height: z.number(),
  value: z.string().nullable().describe("What was stored; null when no value was given"),
  binding: z.string().optional(),
  validation: record.optional(),
  extract: z.boolean(),
  fontSize: z.number().int().optional().describe("The size its value is stamped at, in points"),
  tooltip: z.string().optional(),
  data: record,
});
export type WireField = z.infer<typeof fieldResponse>;

export const approvalResponse = z.object({
  id: z.string(),
  role: z.string().describe("The id of the role that signs or accepts"),
  name: z.string(),
  optional: z.boolean(),
  enforceCaptureSignature: z.boolean(),
  fromFile: z.boolean().optional(),
  disabled: z.boolean().describe("Turned off by the sender: shown, never signed, never awaited"),
  tooltip: z.string().optional(),
  accepted: date.optional(),
  signed: date.optional(),
  fields: z.array(fieldResponse),
  data: record,
});
export type WireApproval = z.infer<typeof approvalResponse>;

export const pageResponse = z.object({
  id: z.string(),
  index: z.number().int(),
  version: z.number().int(),
  top: z.number(),
  left: z.number(),
  width: z.number().describe("As displayed (crop box turned by the page's rotation), in pixels at 93.6 dpi: 1.3 per PDF point, a Letter page is 795.6 × 1029.6"),
  height: z.number(),
});
export type WirePage = z.infer<typeof pageResponse>;

export const documentResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  index: z.number().int(),
  size: z.number().int(),
  extract: z.boolean(),
  extractionTypes: z.array(z.string()),
  tagged: z.boolean().describe("A Tagged PDF (its /MarkInfo says /Marked true): structured for accessible reading, as ADA packages want"),
  externalSigned: z.boolean(),
  pages: z.array(pageResponse),
  approvals: z.array(approvalResponse),
  fields: z.array(fieldResponse),
  data: record,
});
export type WireDocument = z.infer<typeof documentResponse>;

export const ATTACHMENT_STATUSES = ["INCOMPLETE", "COMPLETE", "ACCEPTED", "REJECTED"] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

export const attachmentRequirementResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  required: z.boolean().describe("The signer cannot finish before uploading at least one file"),
  status: z
    .enum(ATTACHMENT_STATUSES)
    .describe("INCOMPLETE while no file is there, COMPLETE once the signer uploaded one (and once the sender accepted it), REJECTED when the sender rejected it, until the signer uploads again"),
  comment: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string() })).describe("The files the signer uploaded"),
  data: record,
  attachmentType: z.string().optional(),
  extractionEnabled: z.boolean().optional(),
  accepted: z.boolean().describe("Our extension, present once the sender accepted the files (final); the status stays COMPLETE, as the original's").optional(),
});
export type WireAttachmentRequirement = z.infer<typeof attachmentRequirementResponse>;

export const roleResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  index: z.number().int(),
  reassign: z.boolean(),
  locked: z.boolean(),
  emailMessage: z.object({ content: z.string() }),
  attachmentRequirements: z.array(attachmentRequirementResponse),
  specialTypes: z.array(z.string()),
  signers: z.array(record),
  data: record,
});
export type WireRole = z.infer<typeof roleResponse>;

/** The original's SystemAlert (its Java SDK's `api.model.SystemAlert`). */
export const systemAlert = z.object({
  severityLevel: z.enum(["INFO", "WARNING", "CRITICAL"]),
  code: z.string(),
  defaultMessage: z.string(),
  parameters: z.record(z.string(), z.string()),
});
export type WireSystemAlert = z.infer<typeof systemAlert>;

export const packageResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(["PACKAGE", "TEMPLATE", "LAYOUT"]),
  status: z.enum(PACKAGE_STATUSES),
  trashed: z.boolean(),
  language: z.string(),
  autocomplete: z.boolean(),
  visibility: z.string(),
  emailMessage: z.string(),
  timezoneId: z.string(),
  due: date.optional(),
  settings: record,
  notarized: z.boolean().describe("Whether the package is notarized: its notary (the role notaryRoleId, a sender with a notary commission) signs last and seals"),
  notaryRoleId: z.string().describe("The role of the notary of a notarized package; empty when none"),
  bulkSendable: z.boolean().describe("Always false: Signet does not bulk-send templates"),
  sender: senderResponse,
  roles: z.array(roleResponse),
  documents: z.array(documentResponse),
  conditions: z.array(z.object({ id: z.string(), condition: z.string(), action: z.string() })).describe("Conditional fields"),
  messages: z.array(z.unknown()),
  data: record,
  created: date,
  updated: date,
  completed: date.optional(),
  /** Our extension: when retention removed the documents (downloads answer 410 since). */
  purged: date.optional(),
  alerts: z.array(systemAlert).optional().describe("Only with `?extensions=alerts`: what went wrong on the package's way that its sender should know"),
});
export type WirePackage = z.infer<typeof packageResponse>;

/** `GET /api/packages/{id}?extensions=…`: the original's extensions; `alerts` is the one it documents. */
export const packageReadQuery = z.object({
  extensions: optional(
    z
      .string()
      .max(200)
      .transform((list) => list.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean)),
  ),
});
