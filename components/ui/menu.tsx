"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRef, type ReactNode } from "react";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A button that opens a list of actions: Radix's dropdown menu (WAI-ARIA menu button). Arrows,
 * Home, End and typing a label's first letters move between items, Enter or Space chooses, Escape
 * closes and gives focus back to the button; the list is placed where it fits in the window.
 */
export function Menu({ label, items, buttonClassName = "" }: { label: ReactNode; items: MenuItem[]; buttonClassName?: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={buttonRef}
        className={`inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${buttonClassName}`}
      >
        {label}
        <span aria-hidden>▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-30 min-w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={() => {
                // Focus is on the button when the chosen action opens a dialog, which gives it back there.
                buttonRef.current?.focus();
                item.onSelect();
              }}
              className={`block w-full cursor-default px-4 py-2 text-left text-sm outline-none data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100 ${item.danger ? "text-rose-800" : "text-slate-900"}`}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
