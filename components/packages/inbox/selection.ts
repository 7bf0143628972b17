/** Which rows of the page shown are checked, and how to change that. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, checked: boolean) => void;
  toggleAll: (checked: boolean) => void;
}

/** The checked rows, remembered with the list they belong to: another tab, search or page starts empty. */
export interface CheckedRows {
  listKey: string;
  ids: ReadonlySet<string>;
}

/** The selection of the page shown (`pageIds`), read from and written to `checked`. */
export function pageSelection(pageIds: string[], listKey: string, checked: CheckedRows, setChecked: (rows: CheckedRows) => void): RowSelection {
  const current = checked.listKey === listKey ? checked.ids : new Set<string>();
  const selectedIds = pageIds.filter((id) => current.has(id));
  return {
    selected: new Set(selectedIds),
    toggle: (id, on) => {
      const ids = new Set(selectedIds);
      if (on) ids.add(id);
      else ids.delete(id);
      setChecked({ listKey, ids });
    },
    toggleAll: (on) => setChecked({ listKey, ids: new Set(on ? pageIds : []) }),
  };
}

export const checkboxClass = "size-4 rounded border-slate-400 text-sky-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2";
