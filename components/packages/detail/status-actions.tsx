"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { PackageStatus, WirePackage } from "@/lib/api/packages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { failureMessage, useClonePackage, usePackageAction } from "@/lib/console/queries/package-actions";
import { useChangePackageStatus, useDeletePackage } from "@/lib/console/queries/package-detail";
import { templateFromPackage } from "@/lib/console/template-from-package";
import { CancelSigningDialog } from "./cancel-signing-dialog";
import { buttonLinkClass } from "./section";

/** The statuses whose change has its own message (console.packageDetail `actions.done.<STATUS>`); others say `actions.updated`. */
const STATUSES_SAID = new Set<PackageStatus>(["SENT", "COMPLETED", "ARCHIVED"]);

/**
 * The status actions that apply to the package as it is now (docs/api.md, "Status rules"): send a draft,
 * cancel the signing of a sent package (back to draft, with a reason for its signers), complete one
 * held for the sender, archive a completed one and unarchive it, trash and restore, delete for good, edit a draft,
 * save as a template (its signers become placeholders).
 */
export function StatusActions({ pkg, everyoneSigned }: { pkg: WirePackage; everyoneSigned: boolean }) {
  const t = useTranslations("console.packageDetail.actions");
  const toast = useToast();
  const router = useRouter();
  const changeStatus = useChangePackageStatus(pkg.id);
  const trashOrRestore = usePackageAction();
  const clone = useClonePackage();
  const remove = useDeletePackage(pkg.id);
  const [confirming, setConfirming] = useState<"delete" | "cancel" | null>(null);
  const busy = changeStatus.isPending || trashOrRestore.isPending || clone.isPending || remove.isPending;

  function setStatus(status: PackageStatus) {
    const unarchiving = status === "COMPLETED" && pkg.status === "ARCHIVED";
    changeStatus.mutate(status, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(unarchiving ? t("unarchived") : STATUSES_SAID.has(status) ? t(`done.${status}`) : t("updated"));
      },
      onError: (error) => toast.error(failureMessage(error)),
    });
  }

  function trash(action: "trash" | "restore") {
    trashOrRestore.mutate(
      { action, packageId: pkg.id },
      {
        onSuccess: () => toast.success(action === "trash" ? t("trashed") : t("restored")),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  }

  function saveAsTemplate() {
    const request = templateFromPackage(pkg);
    clone.mutate(
      { sourceId: pkg.id, request },
      {
        onSuccess: ({ id }) => toast.success(t("savedAsTemplate", { name: request.name }), { href: `/templates/${encodeURIComponent(id)}/edit`, label: t("openTemplate") }),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  }

  function deleteForGood() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("deleted", { name: pkg.name }));
        router.push("/packages");
      },
      onError: (error) => {
        setConfirming(null);
        toast.error(failureMessage(error));
      },
    });
  }

  const live = !pkg.trashed;
  const draft = live && pkg.status === "DRAFT";
  const sent = live && pkg.status === "SENT";
  const completed = live && pkg.status === "COMPLETED";
  const archived = live && pkg.status === "ARCHIVED";
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t("label")}>
      {draft ? (
        <Button data-testid="action-send" busy={changeStatus.isPending && changeStatus.variables === "SENT"} disabled={busy} onClick={() => setStatus("SENT")}>
          {t("send")}
        </Button>
      ) : null}
      {draft ? (
        <Link href={`/packages/${encodeURIComponent(pkg.id)}/edit`} className={buttonLinkClass} data-testid="action-edit">
          {t("edit")}
        </Link>
      ) : null}
      {sent && !pkg.autocomplete && everyoneSigned ? (
        <Button data-testid="action-complete" busy={changeStatus.isPending && changeStatus.variables === "COMPLETED"} disabled={busy} onClick={() => setStatus("COMPLETED")}>
          {t("complete")}
        </Button>
      ) : null}
      {completed ? (
        <Button variant="secondary" data-testid="action-archive" busy={changeStatus.isPending && changeStatus.variables === "ARCHIVED"} disabled={busy} onClick={() => setStatus("ARCHIVED")}>
          {t("archive")}
        </Button>
      ) : null}
      {archived ? (
        <Button variant="secondary" data-testid="action-unarchive" busy={changeStatus.isPending && changeStatus.variables === "COMPLETED"} disabled={busy} onClick={() => setStatus("COMPLETED")}>
          {t("unarchive")}
        </Button>
      ) : null}
      {sent ? (
        <Button variant="secondary" data-testid="action-cancel-signing" disabled={busy} onClick={() => setConfirming("cancel")}>
          {t("cancelSigning")}
        </Button>
      ) : null}
      {live ? (
        <Button variant="secondary" data-testid="action-save-as-template" busy={clone.isPending} disabled={busy} onClick={saveAsTemplate}>
          {t("saveAsTemplate")}
        </Button>
      ) : null}
      {live ? (
        <Button variant="secondary" data-testid="action-trash" busy={trashOrRestore.isPending} disabled={busy} onClick={() => trash("trash")}>
          {t("moveToTrash")}
        </Button>
      ) : (
        <Button data-testid="action-restore" busy={trashOrRestore.isPending} disabled={busy} onClick={() => trash("restore")}>
          {t("restore")}
        </Button>
      )}
      <Button variant="danger" data-testid="action-delete" disabled={busy} onClick={() => setConfirming("delete")}>
        {t("deletePermanently")}
      </Button>

      <Dialog open={confirming === "delete"} onClose={() => setConfirming(null)} title={t("deleteTitle")}>
        <p className="text-sm text-slate-700">{t("deleteText", { name: pkg.name })}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            {t("cancel")}
          </Button>
          <Button variant="danger" data-testid="confirm-delete" busy={remove.isPending} onClick={deleteForGood}>
            {t("deletePermanently")}
          </Button>
        </div>
      </Dialog>

      <CancelSigningDialog packageId={pkg.id} open={confirming === "cancel"} onClose={() => setConfirming(null)} />
    </div>
  );
}
