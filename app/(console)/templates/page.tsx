import type { Metadata } from "next";
import { Suspense } from "react";
import { TemplateList } from "@/components/templates/template-list";
import { LoadingState } from "@/components/ui/states";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.templates");
  return { title: t("pageTitle") };
}

/** Templates to start packages from; the view (tab, search, order, page) lives in the address. */
export default async function TemplatesPage() {
  const t = await consoleTranslator("console.templates");
  return (
    <Suspense fallback={<LoadingState label={t("loading")} />}>
      <TemplateList />
    </Suspense>
  );
}
