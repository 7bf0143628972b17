"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { PackageStatus, WirePackage } from "@/lib/api/packages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { failureMessage, useClonePackage, usePackageAction } from "@/lib/console/queries/package-actions";
import { useChangePackageStatus, useDeletePackage } from "@/lib/console/queries/package-detail";
import { templateFromPackage } from "@/lib/console/template-from-package";
import { CancelSigningDialog } from "./cancel-signing-dialog";
import { buttonLinkClass } from "./section";

const STATUS_DONE: Partial<Record<PackageStatus, string>> = {
  SENT: "The package was sent to its signers.",
  COMPLETED: "The package is complete.",
  ARCHIVED: "The package was archived; its documents can still be downloaded.",
};

/**
 * The status actions that apply to the package as it is now (docs/api.md, "Status rules"): send a draft,
 * cancel the signing of a sent package (back to draft, with a reason for its signers), complete one
 * held for the sender, archive a completed one and unarchive it, trash and restore, delete for good, edit a draft,
 * save as a template (its signers become placeholders).
 */
export function StatusActions({ pkg, everyoneSigned }: { pkg: WirePackage; everyoneSigned: boolean }) {
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
        toast.success(unarchiving ? "The package is out of the archive, back in Completed." : (STATUS_DONE[status] ?? "The package was updated."));
      },
      onError: (error) => toast.error(failureMessage(error)),
    });
  }

  function trash(action: "trash" | "restore") {
    trashOrRestore.mutate(
      { action, packageId: pkg.id },
      {
        onSuccess: () => toast.success(action === "trash" ? "The package was moved to the trash." : "The package was restored."),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  }

  function saveAsTemplate() {
    const request = templateFromPackage(pkg);
    clone.mutate(
      { sourceId: pkg.id, request },
      {
        onSuccess: ({ id }) => toast.success(`Saved as the template "${request.name}".`, { href: `/templates/${encodeURIComponent(id)}/edit`, label: "Open the template" }),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  }

  function deleteForGood() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`"${pkg.name}" was deleted.`);
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
    <div className="flex flex-wrap gap-2" role="group" aria-label="Package actions">
      {draft ? (
        <Button data-testid="action-send" busy={changeStatus.isPending && changeStatus.variables === "SENT"} disabled={busy} onClick={() => setStatus("SENT")}>
          Send
        </Button>
      ) : null}
      {draft ? (
        <Link href={`/packages/${encodeURIComponent(pkg.id)}/edit`} className={buttonLinkClass} data-testid="action-edit">
          Edit
        </Link>
      ) : null}
      {sent && !pkg.autocomplete && everyoneSigned ? (
        <Button data-testid="action-complete" busy={changeStatus.isPending && changeStatus.variables === "COMPLETED"} disabled={busy} onClick={() => setStatus("COMPLETED")}>
          Complete
        </Button>
      ) : null}
      {completed ? (
        <Button variant="secondary" data-testid="action-archive" busy={changeStatus.isPending && changeStatus.variables === "ARCHIVED"} disabled={busy} onClick={() => setStatus("ARCHIVED")}>
          Archive
        </Button>
      ) : null}
      {archived ? (
        <Button variant="secondary" data-testid="action-unarchive" busy={changeStatus.isPending && changeStatus.variables === "COMPLETED"} disabled={busy} onClick={() => setStatus("COMPLETED")}>
          Unarchive
        </Button>
      ) : null}
      {sent ? (
        <Button variant="secondary" data-testid="action-cancel-signing" disabled={busy} onClick={() => setConfirming("cancel")}>
          Cancel signing
        </Button>
      ) : null}
      {live ? (
        <Button variant="secondary" data-testid="action-save-as-template" busy={clone.isPending} disabled={busy} onClick={saveAsTemplate}>
          Save as template
        </Button>
      ) : null}
      {live ? (
        <Button variant="secondary" data-testid="action-trash" busy={trashOrRestore.isPending} disabled={busy} onClick={() => trash("trash")}>
          Move to trash
        </Button>
      ) : (
        <Button data-testid="action-restore" busy={trashOrRestore.isPending} disabled={busy} onClick={() => trash("restore")}>
          Restore
        </Button>
      )}
      <Button variant="danger" data-testid="action-delete" disabled={busy} onClick={() => setConfirming("delete")}>
        Delete permanently
      </Button>

      <Dialog open={confirming === "delete"} onClose={() => setConfirming(null)} title="Delete this package for good?">
        <p className="text-sm text-slate-700">
          &ldquo;{pkg.name}&rdquo; and its documents will be deleted. This cannot be undone; its signing links stop working at once.
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" data-testid="confirm-delete" busy={remove.isPending} onClick={deleteForGood}>
            Delete permanently
          </Button>
        </div>
      </Dialog>

      <CancelSigningDialog packageId={pkg.id} open={confirming === "cancel"} onClose={() => setConfirming(null)} />
    </div>
  );
}
