import type { Metadata } from "next";
import { Suspense } from "react";
import { TemplateList } from "@/components/templates/template-list";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Templates · Signet" };

/** Templates to start packages from; the view (tab, search, order, page) lives in the address. */
export default function TemplatesPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading templates…" />}>
      <TemplateList />
    </Suspense>
  );
}
