"use client";

import { useTranslations } from "use-intl";
import { checkboxClass, type RowSelection } from "./selection";

/** Checks every row of the page; shows "some" (indeterminate) when only a few are. */
export function SelectAllCheckbox({ ids, selection, label }: { ids: string[]; selection: RowSelection; label?: string }) {
  const t = useTranslations("console.packages");
  const count = ids.filter((id) => selection.selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  return (
    <input
      type="checkbox"
      aria-label={label ?? t("selectAll")}
      checked={all}
      ref={(input) => {
        if (input) input.indeterminate = count > 0 && !all;
      }}
      onChange={(event) => selection.toggleAll(event.target.checked)}
      className={checkboxClass}
      data-testid="select-all"
    />
  );
}
