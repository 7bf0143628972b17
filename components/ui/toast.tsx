"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Toaster, toast } from "sonner";
import { useTranslations } from "use-intl";

type ToastKind = "success" | "error" | "info";
/** A place to go from the message ("Open the template"); a toast with one stays until dismissed. */
export interface ToastLink {
  href: string;
  label: string;
}

const KIND_CLASSES: Record<ToastKind, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  error: "border-rose-300 bg-rose-50 text-rose-950",
  info: "border-slate-300 bg-white text-slate-900",
};

/**
 * Short messages after an action, on sonner: it stacks them, pauses their time while the pointer
 * or focus is on them, and Alt+T takes the keyboard to them. Each is read out by screen readers
 * (an error as an alert); errors and messages with a link stay until dismissed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("console.ui");
  return (
    <>
      {children}
      {/* Raised above the builder's sticky "Review and send" bar, whose Send button a toast covered. */}
      <Toaster position="bottom-right" offset={{ bottom: 96, right: 24 }} mobileOffset={{ bottom: 136 }} visibleToasts={4} containerAriaLabel={t("notifications")} />
    </>
  );
}

function show(kind: ToastKind, message: string, link?: ToastLink) {
  toast.custom((id) => <ToastMessage id={id} kind={kind} message={message} link={link} />, {
    duration: kind === "error" || link ? Infinity : 5_000,
  });
}

function ToastMessage({ id, kind, message, link }: { id: string | number; kind: ToastKind; message: string; link?: ToastLink }) {
  const t = useTranslations("console.ui");
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`flex w-full max-w-sm items-start gap-3 rounded-md border p-3 text-sm shadow-lg ${KIND_CLASSES[kind]}`}>
      <p className="flex-1">
        {message}
        {link ? (
          <>
            {" "}
            <Link
              href={link.href}
              onClick={() => toast.dismiss(id)}
              className="font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
            >
              {link.label}
            </Link>
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => toast.dismiss(id)}
        className="rounded px-1 text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
        aria-label={t("dismiss")}
      >
        ×
      </button>
    </div>
  );
}

const TOASTS = {
  success: (message: string, link?: ToastLink) => show("success", message, link),
  error: (message: string) => show("error", message),
  info: (message: string, link?: ToastLink) => show("info", message, link),
};

export function useToast() {
  return TOASTS;
}
