import type { ReactNode } from "react";
import { IntlRoot } from "@/components/i18n/intl-root";
import { consoleLocale } from "@/lib/console/console-intl";
import { consoleMessages } from "@/lib/i18n/console-messages";

/** Sign-in, sign-up and password pages: in the console's language (the browser's, before anyone is signed in). */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const locale = await consoleLocale();
  return (
    <IntlRoot locale={locale} messages={consoleMessages(locale)}>
      {children}
    </IntlRoot>
  );
}
