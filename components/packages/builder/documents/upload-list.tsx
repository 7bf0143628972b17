import { useFormatter, useTranslations } from "use-intl";
import type { Upload } from "./use-document-uploads";

const PERCENT = { style: "percent", maximumFractionDigits: 0 } as const;

/** The files on their way: a progress bar each, or the service's reason for refusing one. */
export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (key: string) => void }) {
  const t = useTranslations("console.builder.documents");
  const format = useFormatter();
  if (uploads.length === 0) return null;
  return (
    <ul aria-label={t("uploads")} className="mt-3 space-y-2">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          data-testid="document-upload"
          data-status={upload.status}
          className={`rounded-md border p-3 text-sm ${upload.status === "failed" ? "border-rose-300 bg-rose-50" : "border-slate-200 bg-white"}`}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium text-slate-900">{upload.fileName}</span>
            {upload.status === "failed" ? (
              <button
                type="button"
                onClick={() => onDismiss(upload.key)}
                className="shrink-0 rounded px-2 py-1 text-xs font-medium text-slate-700 hover:bg-rose-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
              >
                {t("dismiss")}
                <span className="sr-only"> {upload.fileName}</span>
              </button>
            ) : (
              <span className="shrink-0 text-xs text-slate-600">{upload.progress < 1 ? format.number(upload.progress, PERCENT) : t("checkingPdf")}</span>
            )}
          </div>
          {upload.status === "failed" ? (
            <p role="alert" className="mt-1 text-rose-800">
              {upload.error}
            </p>
          ) : (
            <progress className="mt-2 h-2 w-full overflow-hidden rounded accent-sky-700" max={1} value={upload.progress} aria-label={t("uploading", { name: upload.fileName })} />
          )}
        </li>
      ))}
    </ul>
  );
}
