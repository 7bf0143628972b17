"use client";

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabChoice<Tab extends string> {
  id: Tab;
  label: string;
}

/**
 * Tabs over one panel (WAI-ARIA tabs, manual activation): arrow keys, Home and End move between
 * tabs, Enter or Space (or a click) opens one. Each choice is a new list, so moving alone does not
 * load anything.
 */
export function ListTabs<Tab extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  children,
}: {
  label: string;
  tabs: readonly TabChoice<Tab>[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
  idPrefix: string;
  children: ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (tab: Tab) => `${idPrefix}-tab-${tab}`;
  const panelId = `${idPrefix}-panel`;

  // On a narrow screen the tabs scroll sideways: keep the open one in sight (after a reload too).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>("[aria-selected=true]");
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
    }
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("[role=tab]") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    buttons[(moves[event.key]! + buttons.length) % buttons.length]?.focus();
  }

  return (
    <div>
      <div ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              data-testid={`tab-${tab.id}`}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-600 ${
                isSelected ? "border-sky-700 text-sky-900" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="pt-4">
        {children}
      </div>
    </div>
  );
}
