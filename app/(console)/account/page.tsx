import type { Metadata } from "next";
import { FirstAccountArea } from "@/components/account/first-account-area";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.account");
  return { title: t("title") };
}

/** A bookmark or typed address of the administration as a whole: on to its first page the user may see. */
export default function AccountPage() {
  return <FirstAccountArea />;
}
