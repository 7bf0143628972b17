"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { WirePackage } from "@/lib/api/packages";
import { MAX_REMINDER_DAYS, MAX_REMINDER_REPETITIONS, reminderScheduleRequest, type ReminderScheduleResponse } from "@/lib/api/reminders";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { failureMessage } from "@/lib/console/queries/package-actions";
import { useDeleteReminderSchedule, useReminderSchedule, useSaveReminderSchedule, type ReminderTimings } from "@/lib/console/queries/package-detail";
import { When } from "./format";
import { Section } from "./section";

/** The form's part of the API's request schema: the service checks the same rules. */
const timingsSchema = reminderScheduleRequest.pick({ startInDaysDelay: true, intervalInDays: true, repetitionsCount: true });

const SUGGESTED: ReminderTimings = { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 3 };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function describe(schedule: ReminderTimings): string {
  const first = schedule.startInDaysDelay === 0 ? "on the day it is sent" : `${plural(schedule.startInDaysDelay, "day")} after sending`;
  const rest = schedule.repetitionsCount > 1 ? `, then every ${plural(schedule.intervalInDays, "day")}` : "";
  return `${plural(schedule.repetitionsCount, "reminder")}: the first ${first}${rest}.`;
}

/**
 * The reminder schedule: created while the package is a draft, changed or deleted after (not
 * while it is in the trash), and the reminders it planned with when each was sent.
 */
export function RemindersSection({ pkg }: { pkg: WirePackage }) {
  const query = useReminderSchedule(pkg.id);
  let body;
  if (query.isPending) body = <LoadingState label="Loading the reminders…" />;
  else if (query.error) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else body = <ReminderSchedule pkg={pkg} schedule={query.data} />;
  return (
    <Section title="Reminders" testId="reminders">
      {body}
    </Section>
  );
}

function ReminderSchedule({ pkg, schedule }: { pkg: WirePackage; schedule: ReminderScheduleResponse | null }) {
  // Held here, not in the form: a refusal can take the form away (the schedule was deleted meanwhile), and its message must stay.
  const save = useSaveReminderSchedule(pkg.id);
  const remove = useDeleteReminderSchedule(pkg.id);
  const refusal = save.error ?? remove.error;
  const changeable = !pkg.trashed && (pkg.status === "DRAFT" || (pkg.status === "SENT" && schedule !== null));

  // Said beside the buttons, not in a toast: a toast in the corner lay over "Delete schedule" just as it appeared.
  const [done, setDone] = useState<string | null>(null);

  function saveTimings(timings: ReminderTimings) {
    remove.reset();
    setDone(null);
    save.mutate({ timings, exists: schedule !== null }, { onSuccess: () => setDone(schedule ? "The reminder schedule was changed." : "The reminder schedule was saved.") });
  }

  function deleteSchedule() {
    save.reset();
    setDone(null);
    remove.mutate(undefined, { onSuccess: () => setDone("The reminder schedule was deleted.") });
  }

  return (
    <div className="space-y-4">
      <Refusal message={refusal ? failureMessage(refusal) : null} testId="reminder-error" />
      <p role="status" className="text-sm font-medium text-emerald-800 empty:hidden" data-testid="reminder-done">
        {done}
      </p>
      {changeable ? (
        // Keyed by the saved values, so the form starts again from what the service answered.
        <ReminderForm
          key={schedule ? describe(schedule) : "new"}
          schedule={schedule}
          onSave={saveTimings}
          onDelete={deleteSchedule}
          saving={save.isPending}
          deleting={remove.isPending}
        />
      ) : (
        <p className="text-sm text-slate-700" data-testid="reminder-summary">
          {schedule ? describe(schedule) : "No reminder schedule."} {whyNotChangeable(pkg, schedule)}
        </p>
      )}
      {schedule ? <ReminderList pkg={pkg} schedule={schedule} /> : null}
    </div>
  );
}

function whyNotChangeable(pkg: WirePackage, schedule: ReminderScheduleResponse | null): string {
  if (pkg.trashed) return "Restore the package to change its reminders.";
  if (!schedule && pkg.status === "SENT") return "A schedule can only be created while the package is a draft.";
  return "";
}

interface ReminderFormProps {
  schedule: ReminderScheduleResponse | null;
  onSave: (timings: ReminderTimings) => void;
  onDelete: () => void;
  saving: boolean;
  deleting: boolean;
}

function ReminderForm({ schedule, onSave, onDelete, saving, deleting }: ReminderFormProps) {
  const form = useForm<ReminderTimings>({
    resolver: zodResolver(timingsSchema),
    defaultValues: schedule
      ? { startInDaysDelay: schedule.startInDaysDelay, intervalInDays: schedule.intervalInDays, repetitionsCount: schedule.repetitionsCount }
      : SUGGESTED,
  });
  const { errors } = form.formState;
  const number = { type: "number", inputMode: "numeric", step: 1 } as const;
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate className="space-y-3" data-testid="reminder-form" aria-label="Reminder schedule">
      <p className="text-sm text-slate-700">
        {schedule ? describe(schedule) : "Signers who have not finished get a reminder e-mail with their link. Reminders are planned when the package is sent."}
      </p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        <TextField
          label="First reminder after (days)"
          {...number}
          min={0}
          max={MAX_REMINDER_DAYS}
          error={errors.startInDaysDelay?.message}
          {...form.register("startInDaysDelay", { valueAsNumber: true })}
          data-testid="reminder-start"
        />
        <TextField
          label="Then every (days)"
          {...number}
          min={1}
          max={MAX_REMINDER_DAYS}
          error={errors.intervalInDays?.message}
          {...form.register("intervalInDays", { valueAsNumber: true })}
          data-testid="reminder-interval"
        />
        <TextField
          label="Number of reminders"
          {...number}
          min={1}
          max={MAX_REMINDER_REPETITIONS}
          hint={`At most ${MAX_REMINDER_REPETITIONS}.`}
          error={errors.repetitionsCount?.message}
          {...form.register("repetitionsCount", { valueAsNumber: true })}
          data-testid="reminder-count"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={saving} disabled={deleting} data-testid="reminder-save">
          {schedule ? "Save changes" : "Save reminder schedule"}
        </Button>
        {schedule ? (
          <Button variant="secondary" busy={deleting} disabled={saving} onClick={onDelete} data-testid="reminder-delete">
            Delete schedule
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ReminderList({ pkg, schedule }: { pkg: WirePackage; schedule: ReminderScheduleResponse }) {
  if (schedule.reminders.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="reminder-list-empty">
        {pkg.status === "DRAFT" ? "The reminders are planned when the package is sent." : "No reminders are planned."}
      </p>
    );
  }
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Planned reminders</h3>
      <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 text-sm" data-testid="reminder-list">
        {schedule.reminders.map((reminder, i) => (
          <li key={`${reminder.date}-${i}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2" data-testid="reminder-item">
            <span className="text-slate-900">
              {i + 1}. Due <When iso={reminder.date} withTime />
            </span>
            {reminder.sentDate ? (
              <span className="text-emerald-800">
                Sent <When iso={reminder.sentDate} withTime />
              </span>
            ) : (
              <span className="text-slate-600">Not sent yet</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
