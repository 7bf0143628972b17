import type { Metadata } from "next";
import { Suspense } from "react";
import { GroupList } from "@/components/account/groups/group-list";
import { LoadingState } from "@/components/ui/states";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.groups");
  return { title: t("title") };
}

/** The account's groups; the view (search, page) lives in the address. Who may see them is the service's answer. */
export default async function GroupsPage() {
  const t = await consoleTranslator("console.groups");
  return (
    <Suspense fallback={<LoadingState label={t("loading")} />}>
      <GroupList />
    </Suspense>
  );
}
