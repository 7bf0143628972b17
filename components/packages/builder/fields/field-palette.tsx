"use client";

import { useDraggable } from "@dnd-kit/core";
import { useTranslations } from "use-intl";
import { KIND_SPECS, PALETTE_KINDS, type PaletteKind } from "./field-kinds";

export interface PaletteDragData {
  source: "palette";
  kind: PaletteKind;
}

/**
 * The fields to place: drag one onto a page (mouse, touch, pen), or press it to add it to the
 * page in view (keyboard).
 */
export function FieldPalette({ pageNumber, disabled, onAdd }: { pageNumber: number; disabled: boolean; onAdd: (kind: PaletteKind) => void }) {
  const t = useTranslations("console.builder.fields");
  return (
    <div>
      <p className="text-sm text-slate-600">{t("paletteHelp", { page: pageNumber })}</p>
      <ul className="mt-2 grid grid-cols-3 gap-2 lg:grid-cols-2" aria-label={t("paletteLabel")}>
        {PALETTE_KINDS.map((kind) => (
          <li key={kind}>
            <PaletteItem kind={kind} pageNumber={pageNumber} disabled={disabled} onAdd={onAdd} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PaletteItem({ kind, pageNumber, disabled, onAdd }: { kind: PaletteKind; pageNumber: number; disabled: boolean; onAdd: (kind: PaletteKind) => void }) {
  const t = useTranslations("console.builder.fields");
  const spec = KIND_SPECS[kind];
  const data: PaletteDragData = { source: "palette", kind };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette-${kind}`, data, disabled });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      // dnd-kit's role description would announce "draggable" instead of "button": pressing adds the field.
      aria-roledescription={undefined}
      disabled={disabled}
      onClick={() => onAdd(kind)}
      data-testid={`field-palette-${kind}`}
      className={`flex min-h-11 w-full touch-none flex-col items-start justify-center rounded-md border border-slate-300 bg-white px-2 py-2 sm:px-3 text-left shadow-sm hover:border-sky-600 hover:bg-sky-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 disabled:cursor-not-allowed disabled:opacity-60 ${isDragging ? "opacity-50" : "cursor-grab"}`}
    >
      <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900 sm:gap-2">
        <KindIcon kind={kind} />
        <span>
          {t.rich("paletteItem", {
            kind: t(`kinds.${spec.kind}`),
            page: pageNumber,
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </span>
      </span>
      <span className="hidden text-xs text-slate-600 sm:block">{t(`hints.${kind}`)}</span>
    </button>
  );
}

/** A small drawing of the kind, for the eye only. */
export function KindIcon({ kind }: { kind: PaletteKind }) {
  const common = { "aria-hidden": true, viewBox: "0 0 16 16", className: "size-4 shrink-0 text-slate-700", fill: "none", stroke: "currentColor", strokeWidth: 1.5 } as const;
  switch (kind) {
    case "signature":
      return (
        <svg {...common}>
          <path d="M1 12c2-4 3-8 5-8s-1 7 1 7 2-3 3-3 1 2 2 2h3" />
        </svg>
      );
    case "initials":
      return (
        <svg {...common}>
          <path d="M2 13V3M6 13l2.5-10L11 13M7 9h3M14 3v10" />
        </svg>
      );
    case "name":
      return (
        <svg {...common}>
          <circle cx="8" cy="5" r="3" />
          <path d="M2 15c1-3.5 3-5 6-5s5 1.5 6 5" />
        </svg>
      );
    case "date":
      return (
        <svg {...common}>
          <rect x="2" y="3" width="12" height="11" rx="1" />
          <path d="M2 7h12M5 1v4M11 1v4" />
        </svg>
      );
    case "text":
      return (
        <svg {...common}>
          <path d="M3 4V2h10v2M8 2v12M6 14h4" />
        </svg>
      );
    case "checkbox":
      return (
        <svg {...common}>
          <rect x="2" y="2" width="12" height="12" rx="1" />
          <path d="M5 8l2 2 4-4" />
        </svg>
      );
  }
}
