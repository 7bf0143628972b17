import type { Metadata } from "next";
import { Suspense } from "react";
import { DelegatesManager } from "@/components/account/delegates/delegates-manager";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Delegates · Signet" };

/** The signed-in sender's own delegates (any role), or with `?sender=` another sender's (owners, users.manage). */
export default function AccountDelegatesPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Delegates</h1>
      <p className="max-w-prose text-sm text-slate-700">
        Senders of your account who work on your packages for you: they find them in their “Delegated to me” folder, open, change, send and download them.
        Everything a delegate does is recorded in the package’s history and evidence as done on your behalf.
      </p>
      <Suspense fallback={<LoadingState label="Loading delegates…" />}>
        <DelegatesManager />
      </Suspense>
    </div>
  );
}
