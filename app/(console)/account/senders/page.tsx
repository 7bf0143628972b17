import type { Metadata } from "next";
import { Suspense } from "react";
import { SenderList } from "@/components/account/senders/sender-list";
import { LoadingState } from "@/components/ui/states";
import { auth } from "@/lib/console/auth";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.senders");
  return { title: t("title") };
}

/** The account's senders; the view (search, page) lives in the address. Who may see them is the service's answer. */
export default async function SendersPage() {
  const [session, t] = await Promise.all([auth(), consoleTranslator("console.senders")]);
  return (
    <Suspense fallback={<LoadingState label={t("loading")} />}>
      <SenderList currentUserId={session?.user?.id ?? ""} />
    </Suspense>
  );
}
