"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { FieldUpdate, PlacedFieldInput, WireApproval, WireField, WirePackage } from "@/lib/api/packages";
import { ApiError, apiJson, apiPath, apiSend } from "@/lib/console/api-client";
import { packageKeys } from "./packages";

/**
 * The field editor's writes. Fields belong to approvals (a role's act of signing on a document):
 * each signature or initials field is an approval of its own, a role's other fields go into its
 * first approval on the document, and removing the last field of an approval removes the approval. Every change shows at once (the package in
 * the query cache is changed first) and goes to the service in order, one at a time, with ids the
 * browser makes up, so a field can be moved before the service has answered its creation. When
 * the service refuses, the cache goes back to what it was before that change, the changes queued
 * after it are dropped, and the caller hears the service's message.
 */

export interface FieldTarget {
  documentId: string;
  approvalId: string;
  fieldId: string;
}

/** A field as the editor adds it: the members the API takes, with an id chosen here. */
export type NewField = PlacedFieldInput & { id: string };

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random id for a new field or approval (the API keeps ids its clients choose). */
export function newClientId(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

// ---- The package in the cache, changed the way the service will change it ----

/** The field as the service will answer it: members it fills in when absent. */
export function wireFieldOf(input: NewField): WireField {
  return {
    id: input.id,
    name: input.name ?? "",
    type: input.type,
    subtype: input.subtype,
    page: input.page,
    top: input.top,
    left: input.left,
    width: input.width,
    height: input.height,
    value: input.value ?? "",
    ...(input.binding ? { binding: input.binding } : {}),
    ...(input.validation ? { validation: input.validation } : {}),
    extract: input.extract ?? false,
    data: input.data ?? {},
  };
}

function withApprovals(pkg: WirePackage, documentId: string, change: (approvals: WireApproval[]) => WireApproval[]): WirePackage {
  return {
    ...pkg,
    documents: pkg.documents.map((document) => (document.id === documentId ? { ...document, approvals: change(document.approvals) } : document)),
  };
}

const isSignatureField = (field: Pick<WireField, "type">) => field.type === "SIGNATURE";

/**
 * The approval of the role on the document a new field goes into, or undefined for a new one.
 * An approval is one act of signing with one signature field (as in the original service's SDKs
 * and as text tags make them), so each signature or initials field gets an approval of its own,
 * or one of the role's approvals that has only inputs so far; other fields go into the role's
 * first approval.
 */
export function approvalOfRole(pkg: WirePackage, documentId: string, roleId: string, field: Pick<WireField, "type">): WireApproval | undefined {
  const ofRole = pkg.documents.find((document) => document.id === documentId)?.approvals.filter((approval) => approval.role === roleId) ?? [];
  if (!isSignatureField(field)) return ofRole[0];
  return ofRole.find((approval) => !approval.fields.some(isSignatureField));
}

export function findField(pkg: WirePackage, target: FieldTarget): { approval: WireApproval; field: WireField } | undefined {
  const approval = pkg.documents.find((document) => document.id === target.documentId)?.approvals.find((candidate) => candidate.id === target.approvalId);
  const field = approval?.fields.find((candidate) => candidate.id === target.fieldId);
  return approval && field ? { approval, field } : undefined;
}

/** The package with the field added to the approval, or with a new approval of the role holding it. */
export function withFieldAdded(pkg: WirePackage, documentId: string, approval: { id: string; role: string }, field: WireField): WirePackage {
  return withApprovals(pkg, documentId, (approvals) =>
    approvals.some((candidate) => candidate.id === approval.id)
      ? approvals.map((candidate) => (candidate.id === approval.id ? { ...candidate, fields: [...candidate.fields, field] } : candidate))
      : [...approvals, { id: approval.id, role: approval.role, name: "", optional: false, enforceCaptureSignature: false, disabled: false, fields: [field], data: {} }],
  );
}

export function withFieldChanged(pkg: WirePackage, target: FieldTarget, changes: Partial<WireField>): WirePackage {
  return withApprovals(pkg, target.documentId, (approvals) =>
    approvals.map((approval) =>
      approval.id === target.approvalId
        ? { ...approval, fields: approval.fields.map((field) => (field.id === target.fieldId ? { ...field, ...changes } : field)) }
        : approval,
    ),
  );
}

/** The package without the field; an approval it leaves empty goes too. */
export function withFieldRemoved(pkg: WirePackage, target: FieldTarget): WirePackage {
  return withApprovals(pkg, target.documentId, (approvals) =>
    approvals
      .map((approval) => (approval.id === target.approvalId ? { ...approval, fields: approval.fields.filter((field) => field.id !== target.fieldId) } : approval))
      .filter((approval) => approval.id !== target.approvalId || approval.fields.length > 0),
  );
}

// ---- The calls ----

function approvalsPath(packageId: string, documentId: string): string {
  return apiPath("packages", packageId, "documents", documentId, "approvals");
}

function fieldsPath(packageId: string, documentId: string, approvalId: string): string {
  return apiPath("packages", packageId, "documents", documentId, "approvals", approvalId, "fields");
}

function fieldPath(packageId: string, target: FieldTarget): string {
  return apiPath("packages", packageId, "documents", target.documentId, "approvals", target.approvalId, "fields", target.fieldId);
}

export function createApproval(packageId: string, documentId: string, approval: { id: string; role: string; fields: NewField[] }): Promise<WireApproval> {
  return apiJson((c) => c.approvalResponse, approvalsPath(packageId, documentId), { method: "POST", json: approval });
}

export function deleteApproval(packageId: string, documentId: string, approvalId: string): Promise<void> {
  return apiSend(`${approvalsPath(packageId, documentId)}/${encodeURIComponent(approvalId)}`, { method: "DELETE" });
}

export function createField(packageId: string, documentId: string, approvalId: string, field: NewField): Promise<WireField> {
  return apiJson((c) => c.fieldResponse, fieldsPath(packageId, documentId, approvalId), { method: "POST", json: field });
}

export function updateField(packageId: string, target: FieldTarget, changes: FieldUpdate): Promise<WireField> {
  return apiJson((c) => c.fieldResponse, fieldPath(packageId, target), { method: "PUT", json: changes });
}

export function deleteField(packageId: string, target: FieldTarget): Promise<void> {
  return apiSend(fieldPath(packageId, target), { method: "DELETE" });
}

// ---- The hook ----

export interface FieldChanges {
  /** Adds a field for the role on the document; answers where it now lives. */
  place: (documentId: string, roleId: string, field: NewField) => FieldTarget;
  /** Changes members of a field (position, size, validation...). */
  change: (target: FieldTarget, changes: FieldUpdate) => void;
  remove: (target: FieldTarget) => void;
  /** Moves a field to another role (its approval on the same document); answers where it now lives. */
  reassign: (target: FieldTarget, roleId: string) => FieldTarget | null;
  /** How many changes the service has not confirmed yet. */
  pending: number;
  /** Settles when every change made so far has reached the service; throws if one was refused meanwhile. */
  saved: () => Promise<void>;
}

/**
 * The field editor's changes to one package. `fallback` is the package the caller shows, used
 * when the cache does not hold it (yet).
 */
export function useFieldChanges(fallback: WirePackage, onError: (message: string) => void): FieldChanges {
  const queryClient = useQueryClient();
  const packageId = fallback.id;
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Bumped on a failure: changes queued before it are dropped (they built on the refused one).
  const generation = useRef(0);
  const unconfirmed = useRef(0);
  const [pending, setPending] = useState(0);

  const current = useCallback((): WirePackage => queryClient.getQueryData<WirePackage>(packageKeys.one(packageId)) ?? fallback, [queryClient, packageId, fallback]);

  const enqueue = useCallback(
    (optimistic: (pkg: WirePackage) => WirePackage, send: () => Promise<unknown>) => {
      const key = packageKeys.one(packageId);
      void queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = current();
      queryClient.setQueryData<WirePackage>(key, optimistic(before));
      const myGeneration = generation.current;
      unconfirmed.current += 1;
      setPending(unconfirmed.current);
      queue.current = queue.current.then(async () => {
        try {
          if (generation.current !== myGeneration) return;
          await send();
        } catch (error) {
          if (generation.current === myGeneration) {
            generation.current += 1;
            queryClient.setQueryData<WirePackage>(key, before);
            onError(error instanceof ApiError ? error.message : "The change could not be saved.");
          }
        } finally {
          unconfirmed.current -= 1;
          setPending(unconfirmed.current);
          // Read the service's own view once everything queued is done, not between changes (it would undo the ones still queued).
          if (unconfirmed.current === 0) void queryClient.invalidateQueries({ queryKey: key, exact: true });
        }
      });
    },
    [queryClient, packageId, current, onError],
  );

  /** Adds `field` for the role: into one of the role's approvals on the document, or a new one. The optimistic change and the call. */
  const addPlan = useCallback(
    (pkg: WirePackage, documentId: string, roleId: string, field: NewField) => {
      const existing = approvalOfRole(pkg, documentId, roleId, field);
      const approvalId = existing?.id ?? newClientId();
      return {
        target: { documentId, approvalId, fieldId: field.id },
        apply: (state: WirePackage) => withFieldAdded(state, documentId, { id: approvalId, role: roleId }, wireFieldOf(field)),
        send: () => (existing ? createField(packageId, documentId, approvalId, field) : createApproval(packageId, documentId, { id: approvalId, role: roleId, fields: [field] })),
      };
    },
    [packageId],
  );

  /** Removes the field, and its approval when it was the approval's last field. */
  const removePlan = useCallback(
    (pkg: WirePackage, target: FieldTarget) => {
      const found = findField(pkg, target);
      const last = found ? found.approval.fields.length === 1 : false;
      return {
        apply: (state: WirePackage) => withFieldRemoved(state, target),
        send: () => (last ? deleteApproval(packageId, target.documentId, target.approvalId) : deleteField(packageId, target)),
      };
    },
    [packageId],
  );

  const place = useCallback(
    (documentId: string, roleId: string, field: NewField) => {
      const plan = addPlan(current(), documentId, roleId, field);
      enqueue(plan.apply, plan.send);
      return plan.target;
    },
    [addPlan, current, enqueue],
  );

  const change = useCallback(
    (target: FieldTarget, changes: FieldUpdate) => {
      enqueue(
        (state) => withFieldChanged(state, target, changes as Partial<WireField>),
        () => updateField(packageId, target, changes),
      );
    },
    [enqueue, packageId],
  );

  const remove = useCallback(
    (target: FieldTarget) => {
      const plan = removePlan(current(), target);
      enqueue(plan.apply, plan.send);
    },
    [current, enqueue, removePlan],
  );

  const reassign = useCallback(
    (target: FieldTarget, roleId: string) => {
      const pkg = current();
      const found = findField(pkg, target);
      if (!found || found.approval.role === roleId) return null;
      // The copy is added first and the original removed after, so a refusal loses nothing.
      const { field } = found;
      const copy = { ...field, id: newClientId(), binding: field.binding, validation: field.validation } as NewField;
      const removal = removePlan(pkg, target);
      const addition = addPlan(removal.apply(pkg), target.documentId, roleId, copy);
      enqueue(
        (state) => addition.apply(removal.apply(state)),
        async () => {
          await addition.send();
          await removal.send();
        },
      );
      return addition.target;
    },
    [addPlan, current, enqueue, removePlan],
  );

  const saved = useCallback(async () => {
    const before = generation.current;
    await queue.current;
    if (generation.current !== before) throw new Error("A field change could not be saved: check the fields, then send again.");
  }, []);

  return { place, change, remove, reassign, pending, saved };
}
