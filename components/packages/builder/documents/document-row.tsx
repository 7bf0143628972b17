"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMemo, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import type { WireDocument, WireRole } from "@/lib/api/packages";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useDeleteDocument, useRenameDocument } from "@/lib/console/queries/package-builder";
import { DocumentThumbnailBox } from "./document-thumbnail-loader";
import { DocumentVisibilityControl } from "./document-visibility";

function RowFrame({ document, packageId, handle, children, position }: { document: WireDocument; packageId: string; handle: ReactNode; children?: ReactNode; position: ReactNode }) {
  const t = useTranslations("console.builder.documents");
  return (
    <div className="flex flex-wrap items-center gap-3 p-3">
      {handle}
      <DocumentThumbnailBox packageId={packageId} documentId={document.id} firstPage={document.pages[0]} />
      <div className="min-w-0 flex-1 basis-36">
        <p className="truncate font-medium text-slate-900" data-testid="document-name">
          {document.name}
        </p>
        <p className="text-xs text-slate-600">
          {position} · {t("pageCount", { count: document.pages.length })}
        </p>
      </div>
      {children}
    </div>
  );
}

/** The consent document: every package has it, first, and it can be neither moved nor removed. */
export function ConsentDocumentRow({ document, packageId }: { document: WireDocument; packageId: string }) {
  const t = useTranslations("console.builder.documents");
  return (
    <li data-testid="document-row" data-document-id={document.id} className="rounded-md border border-slate-200 bg-slate-50">
      <RowFrame document={document} packageId={packageId} position={t("alwaysFirst")} handle={<span aria-hidden className="w-8 shrink-0" />}>
        <span className="hidden shrink-0 text-xs text-slate-600 sm:block">{t("consentNote")}</span>
      </RowFrame>
    </li>
  );
}

/** One uploaded document: a drag handle (mouse and keyboard), its first page, who sees it, rename and remove. */
export function SortableDocumentRow({
  document,
  packageId,
  position,
  count,
  roles,
}: {
  document: WireDocument;
  packageId: string;
  position: number;
  count: number;
  roles: WireRole[];
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: document.id });
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const t = useTranslations("console.builder.documents");
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="document-row"
      data-document-id={document.id}
      className={`relative rounded-md border bg-white ${isDragging ? "z-10 border-sky-600 shadow-lg" : "border-slate-200"}`}
    >
      <RowFrame
        document={document}
        packageId={packageId}
        position={t("position", { position, count })}
        handle={
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={t("reorder", { name: document.name })}
            data-testid="document-drag-handle"
            className="flex h-10 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 active:cursor-grabbing aria-pressed:bg-sky-50"
          >
            <GripIcon />
          </button>
        }
      >
        {!renaming ? (
          <div className="ml-auto flex shrink-0 flex-wrap gap-1">
            <DocumentVisibilityControl document={document} packageId={packageId} roles={roles} />
            <Button variant="ghost" className="px-2" onClick={() => setRenaming(true)}>
              {t("rename")}
              <span className="sr-only"> {document.name}</span>
            </Button>
            <Button variant="ghost" className="px-2 text-rose-800" onClick={() => setRemoving(true)}>
              {t("remove")}
              <span className="sr-only"> {document.name}</span>
            </Button>
          </div>
        ) : null}
      </RowFrame>
      {renaming ? <RenameForm document={document} packageId={packageId} onDone={() => setRenaming(false)} /> : null}
      <RemoveDocumentDialog document={document} packageId={packageId} open={removing} onClose={() => setRemoving(false)} />
    </li>
  );
}

/** The API's schema, with its message in the sender's language. */
const renameSchema = (c: Contracts, t: (key: string) => string) => c.documentRename.extend({ name: c.z.string().trim().min(1, t("nameRequired")).max(256) });
type RenameSchema = ReturnType<typeof renameSchema>;

function RenameForm({ document, packageId, onDone }: { document: WireDocument; packageId: string; onDone: () => void }) {
  const t = useTranslations("console.builder.documents");
  const rename = useRenameDocument(packageId);
  const resolver = useMemo(() => contractResolver((contracts) => renameSchema(contracts, t)), [t]);
  const form = useForm<z.input<RenameSchema>, unknown, z.output<RenameSchema>>({ resolver, defaultValues: { name: document.name } });
  const save = form.handleSubmit(({ name }) => {
    if (name === document.name) return onDone();
    rename.mutate({ documentId: document.id, name }, { onSuccess: onDone, onError: (failure) => form.setError("name", { message: failure.message }) });
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t border-slate-200 p-3"
      noValidate
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone();
      }}
    >
      <TextField label={t("nameLabel")} maxLength={256} autoFocus {...form.register("name")} error={form.formState.errors.name?.message} className="min-w-48 flex-1" />
      <Button type="submit" busy={rename.isPending}>
        {t("saveName")}
      </Button>
      <Button variant="secondary" onClick={onDone}>
        {t("cancel")}
      </Button>
    </form>
  );
}

function RemoveDocumentDialog({ document, packageId, open, onClose }: { document: WireDocument; packageId: string; open: boolean; onClose: () => void }) {
  const t = useTranslations("console.builder.documents");
  const remove = useDeleteDocument(packageId);
  const toast = useToast();
  return (
    <Dialog open={open} onClose={onClose} title={t("removeTitle", { name: document.name })}>
      <p className="text-sm text-slate-700">{t("removeText")}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("keep")}
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(document.id, {
              onSuccess: () => {
                onClose();
                toast.success(t("removed", { name: document.name }));
              },
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {t("removeDocument")}
        </Button>
      </div>
    </Dialog>
  );
}

export function GripIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="size-5" fill="currentColor">
      {[6, 10, 14].map((y) => (
        <g key={y}>
          <circle cx="7" cy={y} r="1.5" />
          <circle cx="13" cy={y} r="1.5" />
        </g>
      ))}
    </svg>
  );
}
