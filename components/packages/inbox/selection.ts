/** Which rows of the page shown are checked, and how to change that. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, checked: boolean) => void;
  toggleAll: (checked: boolean) => void;
}

export const checkboxClass = "size-4 rounded border-slate-400 text-sky-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2";
