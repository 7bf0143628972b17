"use client";

import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/form-field";
import { CALLBACK_EVENT_CATALOGUE } from "@/lib/api/callback-events";

interface Props {
  /** `register("events")`: each box adds its event's name to the form's list. */
  field: UseFormRegisterReturn<"events">;
  error?: string;
  onSelectAll: () => void;
  onClear: () => void;
}

/** The events to subscribe to, each with what it means (spec section 6) in the user's words; the names stay as the wire spells them. */
export function CallbackEventsField({ field, error, onSelectAll, onClear }: Props) {
  // The callback's form and a connector's may be on the page together.
  const errorId = useId();
  const t = useTranslations("console.integrations.events");
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("legend")}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <p className="text-xs text-slate-600">{t("intro")}</p>
        <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={onSelectAll}>
          {t("selectAll")}
        </Button>
        <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={onClear}>
          {t("clear")}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {CALLBACK_EVENT_CATALOGUE.map((event) => (
          <CheckboxField key={event.name} value={event.name} label={<span className="font-mono text-xs font-semibold">{event.name}</span>} hint={t(`descriptions.${event.name}`)} {...field} />
        ))}
      </div>
    </fieldset>
  );
}
