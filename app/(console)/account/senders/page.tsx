import type { Metadata } from "next";
import { Suspense } from "react";
import { SenderList } from "@/components/account/senders/sender-list";
import { LoadingState } from "@/components/ui/states";
import { auth } from "@/lib/console/auth";

export const metadata: Metadata = { title: "Senders · Signet" };

/** The account's senders; the view (search, page) lives in the address. Who may see them is the service's answer. */
export default async function SendersPage() {
  const session = await auth();
  return (
    <Suspense fallback={<LoadingState label="Loading senders…" />}>
      <SenderList currentUserId={session?.user?.id ?? ""} />
    </Suspense>
  );
}
