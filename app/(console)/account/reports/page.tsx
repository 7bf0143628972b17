import type { Metadata } from "next";
import { Suspense } from "react";
import { ReportsPage } from "@/components/account/reports/reports-page";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Reports · Signet" };

/** The account's completion report per sender, status and date range; the filters live in the address. Whose packages it holds is the service's answer. */
export default function AccountReportsPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the report…" />}>
      <ReportsPage />
    </Suspense>
  );
}
