"use client";

import { useTranslations } from "use-intl";
import { sameTarget, type FieldView } from "./field-views";
import type { FieldTarget } from "@/lib/console/queries/package-fields";

/**
 * Every field of the document, page by page: a way to reach a field on a page that is not drawn
 * (only the pages near the view are), with the keyboard or a screen reader.
 */
export function FieldList({ views, selected, onGoTo }: { views: FieldView[]; selected: FieldTarget | null; onGoTo: (view: FieldView) => void }) {
  const t = useTranslations("console.builder.fields");
  const sorted = [...views].sort((a, b) => a.field.page - b.field.page || a.field.top - b.field.top || a.field.left - b.field.left);
  return (
    <details className="group rounded-md border border-slate-200" open={sorted.length > 0 && sorted.length <= 12}>
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
        {t("listTitle", { count: sorted.length })}
      </summary>
      {sorted.length === 0 ? (
        <p className="px-3 pb-3 text-sm text-slate-600">{t("listEmpty")}</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto px-2 pb-2" data-testid="field-list">
          {sorted.map((view) => (
            <li key={`${view.target.approvalId}/${view.field.id}`}>
              <button
                type="button"
                onClick={() => onGoTo(view)}
                aria-current={sameTarget(selected, view.target) ? "true" : undefined}
                data-testid="field-list-item"
                className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 aria-[current=true]:bg-sky-50 aria-[current=true]:font-medium"
              >
                <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: view.colour.solid }} />
                <span className="min-w-0 flex-1 truncate">
                  {t("listItem", { page: view.field.page + 1, label: view.label })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
