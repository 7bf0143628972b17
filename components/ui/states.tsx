"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

/**
 * The three states of every data view besides its data: loading, failed, empty. Their own words
 * (Loading…, Try again) are the page language's unless the caller gives its own.
 */

export function LoadingState({ label }: { label?: string }) {
  const t = useTranslations("console.ui");
  return (
    <div role="status" className="flex items-center gap-3 p-6 text-sm text-slate-600">
      <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
      {label ?? t("loading")}
    </div>
  );
}

export function ErrorState({ error, onRetry, retryLabel }: { error: Error; onRetry?: () => void; retryLabel?: string }) {
  const t = useTranslations("console.ui");
  return (
    <div role="alert" className="rounded-md border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900">
      <p>{error.message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className="mt-2 font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
          {retryLabel ?? t("tryAgain")}
        </button>
      ) : null}
    </div>
  );
}

/** The service's refusal of an action (or a form's), shown where the action was; nothing without a message. */
export function Refusal({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900" data-testid={testId}>
      {message}
    </p>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

/** A page or view the signed-in user's roles do not reach: what it is, and who can change that. */
export function ForbiddenState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-6 py-8 text-center" data-testid="forbidden">
      <h1 className="text-lg font-semibold text-amber-950">{title}</h1>
      {children ? <div className="mx-auto mt-2 max-w-md text-sm text-amber-950">{children}</div> : null}
    </div>
  );
}
