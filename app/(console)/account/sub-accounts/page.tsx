import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SubAccountsView } from "@/components/account/sub-accounts/sub-accounts-view";
import { auth } from "@/lib/console/auth";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.subAccounts");
  return { title: t("title") };
}

/** The account tree below the account the console is in. Who may see it is the service's answer. */
export default async function SubAccountsPage() {
  const session = await auth();
  if (!session) redirect("/signin");
  return <SubAccountsView current={session.account} home={session.homeAccount} />;
}
