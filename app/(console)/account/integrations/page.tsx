import type { Metadata } from "next";
import { IntegrationsPage } from "@/components/account/integrations/integrations-page";
import { auth } from "@/lib/console/auth";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.integrations");
  return { title: t("title") };
}

/** The user's own API key, the account's client applications and its callback; each part as the user's roles allow. */
export default async function AccountIntegrationsPage() {
  const session = await auth();
  return <IntegrationsPage currentUserId={session?.user?.id ?? ""} />;
}
