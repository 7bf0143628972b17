import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ConsoleNav } from "@/components/console/console-nav";
import { ConsoleProviders } from "@/components/console/console-providers";
import { IntlRoot } from "@/components/i18n/intl-root";
import { DesignerFrame } from "@/components/console/designer-session";
import { auth } from "@/lib/console/auth";
import { consoleLocale, consoleTranslatorIn } from "@/lib/console/console-intl";
import { consoleMessages } from "@/lib/i18n/console-messages";
import { CONSOLE_PATH_HEADER, consolePath } from "@/lib/console/sign-in-return";

export const dynamic = "force-dynamic";

/** Every console page: signed in, or off to the sign-in page, which leads back here. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (!session) redirect(`/signin?${new URLSearchParams({ next: consolePath((await headers()).get(CONSOLE_PATH_HEADER)) })}`);
  const locale = await consoleLocale();
  const messages = consoleMessages(locale);
  const t = consoleTranslatorIn(locale, "console.shell");
  if (session.designer) {
    // The embedded designer: its one package's builder (proxy.ts refuses every other page), no console around it.
    return (
      <IntlRoot locale={locale} messages={messages}>
        <ConsoleProviders accountId={session.account.id}>
          <DesignerFrame packageId={session.designer.packageId} userName={session.user?.name || session.user?.email || ""}>
            {children}
          </DesignerFrame>
        </ConsoleProviders>
      </IntlRoot>
    );
  }
  return (
    <IntlRoot locale={locale} messages={messages}>
      <ConsoleProviders accountId={session.account.id}>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          {t("skipToContent")}
        </a>
        <ConsoleNav userName={session.user?.name || session.user?.email || ""} account={session.account} homeAccount={session.homeAccount} />
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
      </ConsoleProviders>
    </IntlRoot>
  );
}
