"use client";

import { useRef, type KeyboardEvent } from "react";
import { useTranslations } from "use-intl";
import type { WireDocument } from "@/lib/api/packages";

export function documentTabId(baseId: string, documentId: string): string {
  return `${baseId}-tab-${documentId}`;
}

export function documentPanelId(baseId: string): string {
  return `${baseId}-panel`;
}

function fieldCount(document: WireDocument): number {
  return document.approvals.reduce((sum, approval) => sum + approval.fields.length, 0);
}

/** One tab per document (arrow keys move between them, as tabs do). */
export function DocumentTabs({ baseId, documents, selectedId, onSelect }: { baseId: string; documents: WireDocument[]; selectedId: string; onSelect: (documentId: string) => void }) {
  const t = useTranslations("console.builder.fields");
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: documents.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = documents[(moves[event.key]! + documents.length) % documents.length]!;
    onSelect(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(documentTabId(baseId, next.id))}`)?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={t("documentTabs")} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {documents.map((document, index) => {
        const selected = document.id === selectedId;
        const count = fieldCount(document);
        return (
          <button
            key={document.id}
            id={documentTabId(baseId, document.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={documentPanelId(baseId)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(document.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={`field-document-tab-${document.id}`}
            className={`-mb-px flex min-h-10 shrink-0 items-center gap-2 border-b-2 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-600 ${
              selected ? "border-sky-700 font-semibold text-sky-900" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            <span className="max-w-48 truncate">{document.name}</span>
            <span className="rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700">
              {count}
              <span className="sr-only"> {t("tabFieldCount", { count })}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
