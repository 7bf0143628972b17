"use client";

import { useId } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { CeremonyAttachmentRequirement } from "@/lib/api/attachments";
import { removeAttachmentFile, uploadAttachment } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyAction } from "@/lib/ceremony/use-ceremony";

function useSizeText() {
  const t = useTranslations("attachments");
  const format = useFormatter();
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t("kilobytes", { size: format.number(Math.max(1, Math.round(bytes / 1024))) })
      : t("megabytes", { size: format.number(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** Whether the signer still owes a file for a required attachment (none yet, or the sender rejected it). */
export function missingAttachments(requirements: CeremonyAttachmentRequirement[]): CeremonyAttachmentRequirement[] {
  return requirements.filter((requirement) => requirement.required && (requirement.files.length === 0 || requirement.status === "REJECTED"));
}

/**
 * The files the sender asked the signer for (PACKAGE_ATTACHMENT): upload one or more per
 * requirement, remove one before finishing. `onUploaded` hears each requirement as it now stands.
 */
export function AttachmentsPanel({ packageId, requirements, onUploaded }: { packageId: string; requirements: CeremonyAttachmentRequirement[]; onUploaded: (requirement: CeremonyAttachmentRequirement) => void }) {
  const t = useTranslations("attachments");
  if (requirements.length === 0) return null;
  // A rejected file is not provided: the sender asked for another.
  const uploaded = requirements.filter((requirement) => requirement.files.length > 0 && requirement.status !== "REJECTED").length;
  return (
    <section aria-label={t("section")} className="border-t border-slate-200 px-4 py-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {t("progress", { uploaded, total: requirements.length })}
      </p>
      <ul className="mt-2 space-y-3">
        {requirements.map((requirement) => (
          <Requirement key={requirement.id} packageId={packageId} requirement={requirement} onUploaded={onUploaded} />
        ))}
      </ul>
    </section>
  );
}

function Requirement({ packageId, requirement, onUploaded }: { packageId: string; requirement: CeremonyAttachmentRequirement; onUploaded: (requirement: CeremonyAttachmentRequirement) => void }) {
  const inputId = useId();
  const t = useTranslations("attachments");
  const sizeText = useSizeText();
  const upload = useCeremonyAction(packageId, (file: File) => uploadAttachment(packageId, requirement.id, file));
  const remove = useCeremonyAction(packageId, (fileId: string) => removeAttachmentFile(packageId, requirement.id, fileId));
  // Each action clears the other's old error, so the message shown is the latest one.
  const error = upload.error ?? remove.error;
  return (
    <li className="text-sm">
      <p className="font-medium">
        {requirement.name}
        {requirement.required ? <span className="ml-1 text-xs font-normal text-amber-800">{t("required")}</span> : null}
      </p>
      {requirement.description ? <p className="text-xs text-slate-600">{requirement.description}</p> : null}
      {requirement.status === "REJECTED" ? (
        <div role="status" className="mt-1 rounded border border-rose-200 bg-rose-50 p-2 text-xs text-rose-900" data-testid="attachment-rejected">
          <p className="font-medium">{t("rejected")}</p>
          {requirement.comment ? <p className="mt-0.5 whitespace-pre-wrap">{requirement.comment}</p> : null}
        </div>
      ) : null}
      {requirement.accepted ? <p className="mt-1 text-xs text-emerald-800">{t("accepted")}</p> : null}
      <ul className="mt-1 space-y-1">
        {requirement.files.map((file) => (
          <li key={file.id} className="flex items-center gap-2 text-xs">
            <span className="min-w-0 flex-1 truncate">
              {file.name} · {sizeText(file.size)}
            </span>
            {requirement.accepted ? null : <button
              type="button"
              className="rounded px-1 text-rose-700 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 disabled:text-slate-400"
              disabled={remove.isPending}
              onClick={() => {
                upload.reset();
                remove.mutate(file.id);
              }}
              aria-label={t("removeFile", { name: file.name })}
            >
              {t("remove")}
            </button>}
          </li>
        ))}
      </ul>
      {requirement.accepted ? null : <label htmlFor={inputId} className="mt-1 inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium hover:bg-slate-100 focus-within:ring-2 focus-within:ring-sky-600">
        {upload.isPending ? t("uploading") : requirement.files.length > 0 ? t("addAnother") : t("upload")}
        <input
          id={inputId}
          type="file"
          className="sr-only"
          aria-label={t("uploadFor", { name: requirement.name })}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            remove.reset();
            upload.mutate(file, { onSuccess: onUploaded });
          }}
        />
      </label>}
      {error ? (
        <p role="alert" className="mt-1 text-xs text-rose-700">
          {error.message}
        </p>
      ) : null}
    </li>
  );
}
