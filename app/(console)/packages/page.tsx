import type { Metadata } from "next";
import { Suspense } from "react";
import { PackageInbox } from "@/components/packages/inbox/package-inbox";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Packages · Signet" };

/** The sender's packages by folder; the view (tab, search, order, page) lives in the address. */
export default function PackagesPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading packages…" />}>
      <PackageInbox />
    </Suspense>
  );
}
