"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";

/** What Signet is, and the ways in: for whoever is not signed in. */
export function HomeIntro() {
  const t = useTranslations("console.home");
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Signet</h1>
      <p className="mt-4 text-slate-700">{t("pitch")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/signin" className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2">
          {t("signIn")}
        </Link>
        <Link href="/signup" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2">
          {t("signUp")}
        </Link>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        {t.rich("integrators", {
          header: "Authorization: Basic <apiKey>",
          code: (chunks) => <code>{chunks}</code>,
          reference: (chunks) => (
            <Link href="/docs/api" className="underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </main>
  );
}
