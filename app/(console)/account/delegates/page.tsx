import type { Metadata } from "next";
import { Suspense } from "react";
import { DelegatesManager } from "@/components/account/delegates/delegates-manager";
import { LoadingState } from "@/components/ui/states";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.delegates");
  return { title: t("title") };
}

/** The signed-in sender's own delegates (any role), or with `?sender=` another sender's (owners, users.manage). */
export default async function AccountDelegatesPage() {
  const t = await consoleTranslator("console.delegates");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
      <p className="max-w-prose text-sm text-slate-700">{t("intro")}</p>
      <Suspense fallback={<LoadingState label={t("loading")} />}>
        <DelegatesManager />
      </Suspense>
    </div>
  );
}
