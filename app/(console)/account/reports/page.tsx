import type { Metadata } from "next";
import { Suspense } from "react";
import { ReportsPage } from "@/components/account/reports/reports-page";
import { LoadingState } from "@/components/ui/states";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.reports");
  return { title: t("title") };
}

/** The account's completion report per sender, status and date range; the filters live in the address. Whose packages it holds is the service's answer. */
export default async function AccountReportsPage() {
  const t = await consoleTranslator("console.reports");
  return (
    <Suspense fallback={<LoadingState label={t("loading")} />}>
      <ReportsPage />
    </Suspense>
  );
}
