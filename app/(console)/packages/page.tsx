import type { Metadata } from "next";
import { Suspense } from "react";
import { PackageInbox } from "@/components/packages/inbox/package-inbox";
import { LoadingState } from "@/components/ui/states";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.packages");
  return { title: t("title") };
}

/** The sender's packages by folder; the view (tab, search, order, page) lives in the address. */
export default async function PackagesPage() {
  const t = await consoleTranslator("console.packages");
  return (
    <Suspense fallback={<LoadingState label={t("loading")} />}>
      <PackageInbox />
    </Suspense>
  );
}
