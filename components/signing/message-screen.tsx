"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

const TONES = { neutral: "border-slate-200", success: "border-emerald-300", danger: "border-rose-300" } as const;

/** A whole-page message of the ceremony: finished, waiting, refused. */
export function MessageScreen({ title, tone = "neutral", children }: { title: string; tone?: keyof typeof TONES; children: ReactNode }) {
  const t = useTranslations("common");
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-5 py-10">
      <div className={`rounded-lg border bg-white p-6 shadow-sm ${TONES[tone]}`} role={tone === "danger" ? "alert" : "status"}>
        <h1 className="text-xl font-semibold">{title}</h1>
        <div className="mt-3 leading-relaxed text-slate-700">{children}</div>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">{t("footer")}</p>
    </main>
  );
}
