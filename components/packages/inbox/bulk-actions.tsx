"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { failureMessage, useBulkPackageAction, type BulkOutcome, type PackageAction } from "@/lib/console/queries/package-actions";

export interface Noun {
  one: string;
  many: string;
}

/** The status change a folder's rows offer besides the trash: archive what is completed, unarchive what is archived. */
export type FolderStatusAction = "archive" | "unarchive";

const DONE: Record<PackageAction, string> = {
  trash: "moved to the trash",
  restore: "restored",
  delete: "deleted permanently",
  archive: "archived",
  unarchive: "moved back to Completed",
};
const NOT_DONE: Record<PackageAction, (what: string) => string> = {
  trash: (what) => `move ${what} to the trash`,
  restore: (what) => `restore ${what}`,
  delete: (what) => `delete ${what}`,
  archive: (what) => `archive ${what}`,
  unarchive: (what) => `unarchive ${what}`,
};
const STATUS_ACTION_LABEL: Record<FolderStatusAction, string> = { archive: "Archive", unarchive: "Unarchive" };

const counted = (count: number, noun: Noun) => `${count} ${count === 1 ? noun.one : noun.many}`;

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
  const toast = useToast();
  const bulk = useBulkPackageAction();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [running, setRunning] = useState<PackageAction | null>(null);

  function report(action: PackageAction, outcome: BulkOutcome) {
    if (outcome.done.length) toast.success(`${counted(outcome.done.length, noun)} ${DONE[action]}.`);
    if (outcome.failed.length) {
      const reasons = outcome.failed.map((failure) => `“${nameOf(failure.id)}”: ${failure.message}`).join(" ");
      toast.error(`Could not ${NOT_DONE[action](counted(outcome.failed.length, noun))}. ${reasons}`);
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
        {none ? `Check ${noun.many} to act on several at once.` : `${counted(selected.length, noun)} selected`}
      </p>
      {inTrash ? (
        <>
          <Button variant="secondary" disabled={none || bulk.isPending} busy={running === "restore"} onClick={() => run("restore")} data-testid="bulk-restore">
            Restore
          </Button>
          <Button variant="danger" disabled={none || bulk.isPending} onClick={() => setConfirmingDelete(true)} data-testid="bulk-delete">
            Delete permanently
          </Button>
        </>
      ) : (
        <>
          {statusAction ? (
            <Button variant="secondary" disabled={none || bulk.isPending} busy={running === statusAction} onClick={() => run(statusAction)} data-testid={`bulk-${statusAction}`}>
              {STATUS_ACTION_LABEL[statusAction]}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={none || bulk.isPending} busy={running === "trash"} onClick={() => run("trash")} data-testid="bulk-trash">
            Move to trash
          </Button>
        </>
      )}
      <Dialog
        open={confirmingDelete}
        onClose={() => {
          if (!bulk.isPending) setConfirmingDelete(false);
        }}
        title={`Delete ${counted(selected.length, noun)} permanently?`}
      >
        <p className="text-sm text-slate-700">
          This cannot be undone. {selected.length === 1 ? `This ${noun.one} leaves` : `These ${noun.many} leave`} every list for good:
        </p>
        <ul className="mt-3 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm text-slate-900">
          {selected.map((id) => (
            <li key={id}>{nameOf(id)}</li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmingDelete(false)} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button variant="danger" busy={running === "delete"} onClick={() => run("delete")} data-testid="confirm-delete">
            Delete permanently
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
