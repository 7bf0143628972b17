import { redirect } from "next/navigation";
import { HomeIntro } from "@/components/home/home-intro";
import { IntlRoot } from "@/components/i18n/intl-root";
import { auth } from "@/lib/console/auth";
import { browserLocale } from "@/lib/console/console-intl";
import { consoleMessagesOf } from "@/lib/i18n/console-messages";

export const dynamic = "force-dynamic";

/** Signed in: the inbox. Otherwise what Signet is, and the ways in, in the browser's language. */
export default async function HomePage() {
  if (await auth()) redirect("/packages");
  const locale = await browserLocale();
  return (
    <IntlRoot locale={locale} messages={consoleMessagesOf(locale, ["home"])}>
      <HomeIntro />
    </IntlRoot>
  );
}
