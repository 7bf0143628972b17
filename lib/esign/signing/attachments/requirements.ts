import type { AttachmentRequirementInput, AttachmentStatus, WireAttachmentRequirement } from "@/lib/api/packages";
import { ATTACHMENT_STATUSES } from "@/lib/api/packages";
import { badRequest } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";

/**
 * A role's attachment requirements, as stored in `roles.attachmentRequirements`: what the sender
 * asked for, plus the status and the list of files the service keeps in step with the uploads
 * (`signer_attachment_files` holds the files themselves).
 */
export interface AttachmentRequirement {
  id: string;
  name: string;
  description: string;
  required: boolean;
  status: AttachmentStatus;
  comment: string;
  data: Record<string, unknown>;
  files: { id: string; name: string }[];
  /** The kind of document asked for (the SDKs' `attachmentType`, e.g. DRIVERS_LICENSE): kept and answered. */
  attachmentType?: string;
  /** Kept and answered: Signet reads nothing out of attachments. */
  extractionEnabled?: boolean;
  /**
   * The sender's review of the uploaded files on a SENT package (lib/esign/signing/attachments/review-attachments.ts):
   * REJECTED until the signer uploads again, ACCEPTED for good. Not on the wire as such: the
   * original answers an accepted attachment as COMPLETE (Signet adds `accepted: true`).
   */
  review?: AttachmentReview;
}

export interface AttachmentReview {
  outcome: "ACCEPTED" | "REJECTED";
  /** ISO date of the review. */
  at: string;
  /** The sender's user id. */
  by: string;
}

function reviewOf(value: unknown): AttachmentReview | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const item = value as Record<string, unknown>;
  if (item.outcome !== "ACCEPTED" && item.outcome !== "REJECTED") return undefined;
  return { outcome: item.outcome, at: text(item.at), by: text(item.by) };
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The stored requirements of a role, read defensively (rows written before requirements were typed hold loose objects). */
export function requirementsOf(role: { attachmentRequirements: unknown[] }): AttachmentRequirement[] {
  return role.attachmentRequirements
    .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    .map((item) => ({
      id: text(item.id),
      name: text(item.name),
      description: text(item.description),
      required: item.required === true,
      status: (ATTACHMENT_STATUSES as readonly unknown[]).includes(item.status) ? (item.status as AttachmentStatus) : "INCOMPLETE",
      comment: text(item.comment),
      data: typeof item.data === "object" && item.data !== null ? (item.data as Record<string, unknown>) : {},
      ...(typeof item.attachmentType === "string" && item.attachmentType ? { attachmentType: item.attachmentType } : {}),
      ...(typeof item.extractionEnabled === "boolean" ? { extractionEnabled: item.extractionEnabled } : {}),
      ...(reviewOf(item.review) ? { review: reviewOf(item.review) } : {}),
      files: Array.isArray(item.files)
        ? item.files
            .filter((file): file is Record<string, unknown> => typeof file === "object" && file !== null)
            .map((file) => ({ id: text(file.id), name: text(file.name) }))
        : [],
    }));
}

export function wireRequirement(requirement: AttachmentRequirement): WireAttachmentRequirement {
  const { review, ...rest } = requirement;
  return { ...rest, files: requirement.files.map((file) => ({ ...file })), ...(review?.outcome === "ACCEPTED" ? { accepted: true } : {}) };
}

/**
 * The requirements a role is given by a create or an update. Ids stay stable: a requirement keeps
 * the id the client sends, else the id of the role's current requirement of the same name, else a
 * new one. Names are unique within the role (the signer tells them apart by name). Status and files
 * start over: requirements change only while the package is a draft, before anyone uploaded.
 */
export function requirementRows(inputs: AttachmentRequirementInput[], roleId: string, current: AttachmentRequirement[] = []): AttachmentRequirement[] {
  const names = new Set<string>();
  const ids = new Set<string>();
  return inputs.map((input) => {
    const nameKey = input.name.toLowerCase();
    if (names.has(nameKey)) throw badRequest("error.validation.duplicateAttachmentName", `Role "${roleId}" asks for two attachments named "${input.name}".`);
    names.add(nameKey);
    const id = input.id ?? current.find((requirement) => requirement.name.toLowerCase() === nameKey)?.id ?? newId(9);
    if (ids.has(id)) throw badRequest("error.validation.duplicateId", `Role "${roleId}" has two attachment requirements with the id "${id}".`);
    ids.add(id);
    return {
      id,
      name: input.name,
      description: input.description ?? "",
      required: input.required ?? false,
      status: "INCOMPLETE",
      comment: input.comment ?? "",
      data: input.data ?? {},
      files: [],
      ...(input.attachmentType ? { attachmentType: input.attachmentType } : {}),
      ...(input.extractionEnabled !== undefined ? { extractionEnabled: input.extractionEnabled } : {}),
    };
  });
}

/** The same requirements, not yet answered: for a package cloned from one that was signed. */
export function unansweredRequirements(role: { attachmentRequirements: unknown[] }): AttachmentRequirement[] {
  return requirementsOf(role).map((requirement) => ({ ...requirement, review: undefined, status: "INCOMPLETE" as const, files: [] }));
}

/**
 * Attachment ids are unique within a package: the sender's downloads name an attachment by its id
 * alone (`/api/packages/{packageId}/attachment/{attachmentId}`).
 */
export function assertRequirementIdsUnique(roles: { id: string; attachmentRequirements?: unknown[] | null }[]): void {
  const owners = new Map<string, string>();
  for (const role of roles) {
    for (const requirement of requirementsOf({ attachmentRequirements: role.attachmentRequirements ?? [] })) {
      const other = owners.get(requirement.id);
      if (other !== undefined && other !== role.id) {
        throw badRequest("error.validation.duplicateId", `Roles "${other}" and "${role.id}" both have an attachment requirement with the id "${requirement.id}".`);
      }
      owners.set(requirement.id, role.id);
    }
  }
}
