"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { useForm } from "react-hook-form";
import type { WirePackage } from "@/lib/api/packages";
import type { ConsoleTranslate } from "@/lib/console/console-intl";
import type { ReminderScheduleResponse, WireReminder } from "@/lib/api/reminders";
import { MAX_REMINDER_DAYS, MAX_REMINDER_REPETITIONS } from "@/lib/api/wire-values";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { failureMessage } from "@/lib/console/queries/package-actions";
import { useDeleteReminderSchedule, useReminderSchedule, useSaveReminderSchedule, type ReminderTimings } from "@/lib/console/queries/package-detail";
import { When } from "./format";
import { Section } from "./section";

const SUGGESTED: ReminderTimings = { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 3 };

/** "3 reminders: the first 2 days after sending, then every 3 days." */
function describe(t: ConsoleTranslate, schedule: ReminderTimings): string {
  return t("describe", {
    count: schedule.repetitionsCount,
    start: schedule.startInDaysDelay,
    interval: schedule.intervalInDays,
    repeated: schedule.repetitionsCount > 1 ? "yes" : "no",
  });
}

/** The rules of the API's request schema (lib/api/reminders.ts), which the service checks again, said in the reader's language. */
function timingsSchema({ z }: Contracts, t: ConsoleTranslate) {
  const wholeNumber = (minimum: number, maximum: number, tooMany: string) =>
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? t("rules.required") : t("rules.wholeNumber")) })
      .int(t("rules.wholeNumber"))
      .min(minimum, t("rules.atLeast", { minimum }))
      .max(maximum, tooMany);
  return z.object({
    startInDaysDelay: wholeNumber(0, MAX_REMINDER_DAYS, t("rules.atMost", { maximum: MAX_REMINDER_DAYS })),
    intervalInDays: wholeNumber(1, MAX_REMINDER_DAYS, t("rules.atMost", { maximum: MAX_REMINDER_DAYS })),
    repetitionsCount: wholeNumber(1, MAX_REMINDER_REPETITIONS, t("rules.atMostReminders", { maximum: MAX_REMINDER_REPETITIONS })),
  });
}

/** A key for the saved values (the form starts again from them), the same in every language. */
const timingsKey = (schedule: ReminderTimings) => `${schedule.startInDaysDelay}/${schedule.intervalInDays}/${schedule.repetitionsCount}`;

/**
 * The reminder schedule: created while the package is a draft, changed or deleted after (not
 * while it is in the trash), and the reminders it planned with when each was sent.
 */
export function RemindersSection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packageDetail.reminders");
  const query = useReminderSchedule(pkg.id);
  let body;
  if (query.isPending) body = <LoadingState label={t("loading")} />;
  else if (query.error) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else body = <ReminderSchedule pkg={pkg} schedule={query.data} />;
  return (
    <Section title={t("title")} testId="reminders">
      {body}
    </Section>
  );
}

function ReminderSchedule({ pkg, schedule }: { pkg: WirePackage; schedule: ReminderScheduleResponse | null }) {
  const t = useTranslations("console.packageDetail.reminders");
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
    save.mutate({ timings, exists: schedule !== null }, { onSuccess: () => setDone(schedule ? t("changed") : t("saved")) });
  }

  function deleteSchedule() {
    save.reset();
    setDone(null);
    remove.mutate(undefined, { onSuccess: () => setDone(t("deleted")) });
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
          key={schedule ? timingsKey(schedule) : "new"}
          schedule={schedule}
          onSave={saveTimings}
          onDelete={deleteSchedule}
          saving={save.isPending}
          deleting={remove.isPending}
        />
      ) : (
        <p className="text-sm text-slate-700" data-testid="reminder-summary">
          {schedule ? describe(t, schedule) : t("none")} {whyNotChangeable(t, pkg, schedule)}
        </p>
      )}
      {schedule ? <ReminderList pkg={pkg} schedule={schedule} /> : null}
    </div>
  );
}

function whyNotChangeable(t: ConsoleTranslate, pkg: WirePackage, schedule: ReminderScheduleResponse | null): string {
  if (pkg.trashed) return t("restoreToChange");
  if (!schedule && pkg.status === "SENT") return t("onlyInDraft");
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
  const t = useTranslations("console.packageDetail.reminders");
  const resolver = useMemo(() => contractResolver((contracts) => timingsSchema(contracts, t)), [t]);
  const form = useForm<ReminderTimings>({
    resolver,
    defaultValues: schedule
      ? { startInDaysDelay: schedule.startInDaysDelay, intervalInDays: schedule.intervalInDays, repetitionsCount: schedule.repetitionsCount }
      : SUGGESTED,
  });
  const { errors } = form.formState;
  const number = { type: "number", inputMode: "numeric", step: 1 } as const;
  const startField = form.register("startInDaysDelay", { valueAsNumber: true });
  const intervalField = form.register("intervalInDays", { valueAsNumber: true });
  const countField = form.register("repetitionsCount", { valueAsNumber: true });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate className="space-y-3" data-testid="reminder-form" aria-label={t("form")}>
      <p className="text-sm text-slate-700">
        {schedule ? describe(t, schedule) : t("intro")}
      </p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        <TextField
          label={t("start")}
          {...number}
          min={0}
          max={MAX_REMINDER_DAYS}
          error={errors.startInDaysDelay?.message}
          {...startField}
          data-testid="reminder-start"
        />
        <TextField
          label={t("interval")}
          {...number}
          min={1}
          max={MAX_REMINDER_DAYS}
          error={errors.intervalInDays?.message}
          {...intervalField}
          data-testid="reminder-interval"
        />
        <TextField
          label={t("count")}
          {...number}
          min={1}
          max={MAX_REMINDER_REPETITIONS}
          hint={t("countHint", { maximum: MAX_REMINDER_REPETITIONS })}
          error={errors.repetitionsCount?.message}
          {...countField}
          data-testid="reminder-count"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={saving} disabled={deleting} data-testid="reminder-save">
          {schedule ? t("saveChanges") : t("save")}
        </Button>
        {schedule ? (
          <Button variant="secondary" busy={deleting} disabled={saving} onClick={onDelete} data-testid="reminder-delete">
            {t("delete")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ReminderList({ pkg, schedule }: { pkg: WirePackage; schedule: ReminderScheduleResponse }) {
  const t = useTranslations("console.packageDetail.reminders");
  if (schedule.reminders.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="reminder-list-empty">
        {pkg.status === "DRAFT" ? t("plannedOnSend") : t("nonePlanned")}
      </p>
    );
  }
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{t("planned")}</h3>
      <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 text-sm" data-testid="reminder-list">
        {schedule.reminders.map((reminder, i) => (
          <ReminderItem key={`${reminder.date}-${i}`} reminder={reminder} number={i + 1} />
        ))}
      </ol>
    </div>
  );
}

function ReminderItem({ reminder, number }: { reminder: WireReminder; number: number }) {
  const t = useTranslations("console.packageDetail.reminders");
  const sentDate = reminder.sentDate;
  const due = t.rich("due", { number, date: () => <When iso={reminder.date} withTime /> });
  const sent = sentDate ? t.rich("sent", { date: () => <When iso={sentDate} withTime /> }) : t("notSent");
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2" data-testid="reminder-item">
      <span className="text-slate-900">{due}</span>
      <span className={sentDate ? "text-emerald-800" : "text-slate-600"}>{sent}</span>
    </li>
  );
}
