"use client";

import Link from "next/link";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

type ToastKind = "success" | "error" | "info";
/** A place to go from the message ("Open the template"); a toast with one stays until dismissed. */
export interface ToastLink {
  href: string;
  label: string;
}
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  link?: ToastLink;
}

const ToastContext = createContext<((kind: ToastKind, message: string, link?: ToastLink) => void) | null>(null);

const KIND_CLASSES: Record<ToastKind, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  error: "border-rose-300 bg-rose-50 text-rose-950",
  info: "border-slate-300 bg-white text-slate-900",
};

/** Short messages after an action, read out by screen readers; errors stay until dismissed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, message: string, link?: ToastLink) => {
      const id = Date.now() + Math.random();
      setToasts((current) => [...current.slice(-3), { id, kind, message, link }]);
      if (kind !== "error" && !link) setTimeout(() => dismiss(id), 5_000);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === "error" ? "alert" : "status"}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border p-3 text-sm shadow-lg ${KIND_CLASSES[toast.kind]}`}
          >
            <p className="flex-1">
              {toast.message}
              {toast.link ? (
                <>
                  {" "}
                  <Link
                    href={toast.link.href}
                    onClick={() => dismiss(toast.id)}
                    className="font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
                  >
                    {toast.link.label}
                  </Link>
                </>
              ) : null}
            </p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded px-1 text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
              aria-label="Dismiss"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a ToastProvider");
  return useMemo(
    () => ({
      success: (message: string, link?: ToastLink) => show("success", message, link),
      error: (message: string) => show("error", message),
      info: (message: string, link?: ToastLink) => show("info", message, link),
    }),
    [show],
  );
}
