"use client";

import { useEffect, useEffectEvent, useId, useState } from "react";
import { inputClass } from "@/components/ui/form-field";

const DEBOUNCE_MS = 300;

/**
 * A search box that searches once typing pauses. `value` is the search in effect (from the
 * address); when it changes from elsewhere (back, a link), the box shows it.
 */
export function ListSearch({ label, placeholder, value, onSearch }: { label: string; placeholder?: string; value: string; onSearch: (search: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // The last search this box asked for, to tell its own change of `value` from one made elsewhere.
  const [asked, setAsked] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== asked) {
      setDraft(value);
      setAsked(value);
    }
  }

  function search(text: string) {
    if (text === value) return;
    setAsked(text);
    onSearch(text);
  }
  const searchAfterPause = useEffectEvent(search);
  useEffect(() => {
    const text = draft.trim();
    if (text === value) return;
    const timer = setTimeout(() => searchAfterPause(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);

  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder ?? label}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") search(draft.trim());
        }}
        className={inputClass}
        data-testid="list-search"
      />
    </div>
  );
}
