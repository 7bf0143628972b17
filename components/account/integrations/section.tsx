import { useId, type ReactNode } from "react";
import { useTranslations } from "use-intl";

/** One part of the integrations page: a heading, what it is for, an optional action beside the heading, then its content. */
export function Section({ title, intro, action, children, testId }: { title: string; intro?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {intro ? <div className="mt-1 text-sm text-slate-700">{intro}</div> : null}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A section the user's roles do not reach (the service answered 403), said in place of its content. */
export function SectionForbidden({ children }: { children: ReactNode }) {
  const t = useTranslations("console.integrations");
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="section-forbidden">
      {children} {t("askOwner")}
    </p>
  );
}
