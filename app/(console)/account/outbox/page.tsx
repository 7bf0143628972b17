import type { Metadata } from "next";
import { Suspense } from "react";
import { OutboxList } from "@/components/account/outbox/outbox-list";
import { LoadingState } from "@/components/ui/states";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.outbox");
  return { title: t("title") };
}

/** The account's e-mail, newest first; the page lives in the address. Who may see it is the service's answer. */
export default async function AccountOutboxPage() {
  const t = await consoleTranslator("console.outbox");
  return (
    <Suspense fallback={<LoadingState label={t("loading")} />}>
      <OutboxList />
    </Suspense>
  );
}
