"use client";

import { useRef, useState, type DragEvent } from "react";
import { useTranslations } from "use-intl";

/**
 * Where PDFs arrive: a large button that opens the file picker (so it is reachable and usable by
 * keyboard) and that takes files dropped on it. Several files at once.
 */
export function DocumentDropZone({ onFiles, disabled = false }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const t = useTranslations("console.builder.documents");
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  return (
    <>
      <button
        type="button"
        data-testid="document-drop-zone"
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const files = [...event.dataTransfer.files];
          if (files.length) onFiles(files);
        }}
        className={`flex w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${
          dragging ? "border-sky-600 bg-sky-50" : "border-slate-300 bg-slate-50 hover:border-slate-400 hover:bg-slate-100"
        }`}
      >
        <span className="font-medium text-slate-900">{t("dropTitle")}</span>
        <span className="text-xs text-slate-600">{t("dropHint")}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept="application/pdf,.pdf"
        className="hidden"
        tabIndex={-1}
        aria-label={t("fileInputLabel")}
        data-testid="document-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
