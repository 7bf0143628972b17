import { z } from "zod";
import { packageSettings } from "./package-settings";
import { optional, withoutNulls } from "./wire";

/**
 * The wire contract of packages, templates, roles, documents, approvals and fields
 * (spec 2.1 to 2.4, compat-notes.md). Request schemas accept partial bodies and ignore unknown
 * members; explicit nulls from clients mean "not set".
 */

/** Free-form client objects (`data`, `delivery`, ...): stored without the nulls the SDKs must never read back. */
const looseRecord = z.record(z.string(), z.unknown()).transform(withoutNulls);
const clientId = z.string().trim().min(1).max(256);

export const PACKAGE_STATUSES = ["DRAFT", "SENT", "COMPLETED", "ARCHIVED", "DECLINED", "OPTED_OUT", "EXPIRED"] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
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
});

const fieldType = z.enum(["SIGNATURE", "INPUT"]);
const fieldSubtype = z.enum(FIELD_SUBTYPES);

const fieldMembers = z.object({
  id: optional(clientId),
  name: optional(z.string().max(256)),
  type: fieldType,
  subtype: fieldSubtype,
  page: z.number().int().min(0),
  top: z.number().finite(),
  left: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  value: optional(z.string().max(100_000)),
  binding: optional(z.string().max(256)),
  validation: optional(fieldValidationInput),
  extract: optional(z.boolean()),
  data: optional(looseRecord),
});
/** A new field: a full-name signature unless the client says otherwise. */
export const fieldInput = fieldMembers.extend({ type: fieldType.default("SIGNATURE"), subtype: fieldSubtype.default("FULLNAME") });
export type FieldInput = z.infer<typeof fieldInput>;
/** For PUT on a field: every member optional and without defaults, so what is absent stays as it is. */
export const fieldUpdate = fieldMembers.partial();
export type FieldUpdate = z.infer<typeof fieldUpdate>;

export const approvalInput = z.object({
  id: optional(clientId),
  role: clientId,
  name: optional(z.string().max(256)),
  optional: optional(z.boolean()),
  enforceCaptureSignature: optional(z.boolean()),
  fields: z.array(fieldInput).max(1000).nullish().transform((value) => value ?? []),
  data: optional(looseRecord),
});
export type ApprovalInput = z.infer<typeof approvalInput>;
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

export const signerGroupInput = z.object({
  id: clientId,
  email: optional(z.string().max(254)),
  name: optional(z.string().max(256)),
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
  group: optional(signerGroupInput),
  delivery: optional(looseRecord),
  auth: optional(looseRecord),
  data: optional(looseRecord),
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

/** `POST /api/packages` payload. */
export const packageCreate = z.object({
  name: z.string().trim().min(1, "is required").max(256),
  type: packageType.default("PACKAGE"),
  status: z.enum(["DRAFT", "SENT"]).default("DRAFT"),
  description: optional(z.string().max(4000)),
  emailMessage: optional(z.string().max(4000)),
  language: optional(z.string().min(2).max(16)),
  autocomplete: optional(z.boolean()),
  visibility: optional(z.enum(["ACCOUNT", "SENDER"])),
  timezoneId: optional(z.string().max(64)),
  due: dueDate,
  settings: optional(packageSettings),
  data: optional(looseRecord),
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
  language: optional(z.string().min(2).max(16)),
  autocomplete: optional(z.boolean()),
  visibility: optional(z.enum(["ACCOUNT", "SENDER"])),
  timezoneId: optional(z.string().max(64)),
  due: dueDate,
  settings: optional(packageSettings),
  data: optional(looseRecord),
});
export type PackageUpdate = z.infer<typeof packageUpdate>;

/** `POST /api/packages/{id}/clone`: a template from a package, or a package from a template. */
export const packageClone = z.object({
  name: z.string().trim().min(1).max(256),
  type: packageType.default("TEMPLATE"),
  description: optional(z.string().max(4000)),
  emailMessage: optional(z.string().max(4000)),
  language: optional(z.string().min(2).max(16)),
  autocomplete: optional(z.boolean()),
  visibility: optional(z.enum(["ACCOUNT", "SENDER"])),
  status: z.enum(["DRAFT", "SENT"]).default("DRAFT"),
  due: dueDate,
  settings: optional(packageSettings),
  /** For a package from a template: the people who fill the template's roles, matched by role id. */
  roles: z.array(roleInput).max(100).nullish().transform((value) => value ?? []),
});
export type PackageClone = z.infer<typeof packageClone>;

export const orderChange = z.array(z.object({ id: clientId, index: z.number().int().min(0) })).min(1).max(200);
export type OrderChange = z.infer<typeof orderChange>;

export const LIST_QUERIES = ["inbox", "sent", "drafts", "trashed"] as const;
export const LIST_SORTS = ["created", "updated", "name", "status", "due"] as const;

export const packageListQuery = z.object({
  query: optional(z.string()),
  type: packageType.default("PACKAGE"),
  search: optional(z.string().max(256)),
  sort: z.enum(LIST_SORTS).default("updated"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  from: z.coerce.number().int().min(1).default(1),
  to: optional(z.coerce.number().int().min(1)),
  startDate: optional(z.iso.datetime({ offset: true }).or(z.iso.date())),
  endDate: optional(z.iso.datetime({ offset: true }).or(z.iso.date())),
  /** Another sender's folders instead of the caller's (needs users.transactions): by user id or by e-mail. */
  ownerUserId: optional(z.string().trim().min(1).max(256)),
  ownerEmail: optional(z.string().trim().min(1).max(254)),
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
  value: z.string(),
  binding: z.string().optional(),
  validation: record.optional(),
  extract: z.boolean(),
  data: record,
});
export type WireField = z.infer<typeof fieldResponse>;

export const approvalResponse = z.object({
  id: z.string(),
  role: z.string().describe("The id of the role that signs or accepts"),
  name: z.string(),
  optional: z.boolean(),
  enforceCaptureSignature: z.boolean(),
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
  status: z.enum(ATTACHMENT_STATUSES).describe("COMPLETE once the signer uploaded a file, INCOMPLETE while none is there"),
  comment: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string() })).describe("The files the signer uploaded"),
  data: record,
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
  signers: z.array(record),
  data: record,
});
export type WireRole = z.infer<typeof roleResponse>;

export const packageResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: packageType,
  status: z.enum(PACKAGE_STATUSES),
  trashed: z.boolean(),
  language: z.string(),
  autocomplete: z.boolean(),
  visibility: z.string(),
  emailMessage: z.string(),
  timezoneId: z.string(),
  due: date.optional(),
  settings: record,
  sender: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string(),
    title: z.string(),
  }),
  roles: z.array(roleResponse),
  documents: z.array(documentResponse),
  messages: z.array(z.unknown()),
  data: record,
  created: date,
  updated: date,
  completed: date.optional(),
  /** Our extension: when retention removed the documents (downloads answer 410 since). */
  purged: date.optional(),
});
export type WirePackage = z.infer<typeof packageResponse>;
