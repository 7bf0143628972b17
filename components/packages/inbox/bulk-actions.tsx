"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { failureMessage, useBulkPackageAction, type BulkOutcome, type PackageAction } from "@/lib/console/queries/package-actions";

/** What the list holds, in the reader's language: one ("package") and several ("packages"), put into the counts' messages. */
export interface Noun {
  one: string;
  many: string;
}

/** The status change a folder's rows offer besides the trash: archive what is completed, unarchive what is archived. */
export type FolderStatusAction = "archive" | "unarchive";

/**
 * What can be done to the checked rows: outside the trash, move them there (and, in the Completed
 * and Archived folders, archive or unarchive them); in the trash, restore or (after a
 * confirmation) delete them. Each row succeeds or fails alone; failures are listed with the
 * service's message and stay checked.
 */
export function BulkActions({
  inTrash,
  statusAction,
  selected,
  nameOf,
  noun,
}: {
  inTrash: boolean;
  statusAction?: FolderStatusAction;
  selected: string[];
  nameOf: (id: string) => string;
  noun: Noun;
}) {
  const t = useTranslations("console.packages.bulk");
  const toast = useToast();
  const bulk = useBulkPackageAction();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [running, setRunning] = useState<PackageAction | null>(null);

  function report(action: PackageAction, outcome: BulkOutcome) {
    if (outcome.done.length) toast.success(t(`done.${action}`, { count: outcome.done.length, ...noun }));
    if (outcome.failed.length) {
      const reasons = outcome.failed.map((failure) => t("reason", { name: nameOf(failure.id), message: failure.message })).join(" ");
      toast.error(`${t(`notDone.${action}`, { count: outcome.failed.length, ...noun })} ${reasons}`);
    }
  }

  function run(action: PackageAction) {
    setRunning(action);
    bulk.mutate(
      { action, packageIds: selected },
      {
        onSuccess: (outcome) => report(action, outcome),
        onError: (error) => toast.error(failureMessage(error)),
        onSettled: () => {
          setRunning(null);
          setConfirmingDelete(false);
        },
      },
    );
  }

  const none = selected.length === 0;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="bulk-actions">
      <p role="status" className="mr-auto text-sm text-slate-700" data-testid="selection-count">
        {none ? t("hint", { many: noun.many }) : t("selected", { count: selected.length, ...noun })}
      </p>
      {inTrash ? (
        <>
          <Button variant="secondary" disabled={none || bulk.isPending} busy={running === "restore"} onClick={() => run("restore")} data-testid="bulk-restore">
            {t("restore")}
          </Button>
          <Button variant="danger" disabled={none || bulk.isPending} onClick={() => setConfirmingDelete(true)} data-testid="bulk-delete">
            {t("deletePermanently")}
          </Button>
        </>
      ) : (
        <>
          {statusAction ? (
            <Button variant="secondary" disabled={none || bulk.isPending} busy={running === statusAction} onClick={() => run(statusAction)} data-testid={`bulk-${statusAction}`}>
              {t(`statusAction.${statusAction}`)}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={none || bulk.isPending} busy={running === "trash"} onClick={() => run("trash")} data-testid="bulk-trash">
            {t("moveToTrash")}
          </Button>
        </>
      )}
      <Dialog
        open={confirmingDelete}
        onClose={() => {
          if (!bulk.isPending) setConfirmingDelete(false);
        }}
        title={t("confirmTitle", { count: selected.length, ...noun })}
      >
        <p className="text-sm text-slate-700">
          {t("confirmText", { count: selected.length, ...noun })}
        </p>
        <ul className="mt-3 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm text-slate-900">
          {selected.map((id) => (
            <li key={id}>{nameOf(id)}</li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmingDelete(false)} disabled={bulk.isPending}>
            {t("cancel")}
          </Button>
          <Button variant="danger" busy={running === "delete"} onClick={() => run("delete")} data-testid="confirm-delete">
            {t("deletePermanently")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
