import type { Metadata } from "next";
import { Suspense } from "react";
import { OutboxList } from "@/components/account/outbox/outbox-list";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Outbox · Signet" };

/** The account's e-mail, newest first; the page lives in the address. Who may see it is the service's answer. */
export default function AccountOutboxPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the outbox…" />}>
      <OutboxList />
    </Suspense>
  );
}
