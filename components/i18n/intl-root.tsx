"use client";

import { useEffect, type ReactNode } from "react";
import { IntlProvider, type AbstractIntlMessages } from "use-intl";

/**
 * A page part in one language: its messages for `useTranslations`, and `lang` on its root and on
 * <html> (screen readers read it in that language's voice). Dates show in the browser's time zone
 * unless one is given.
 */
export function IntlRoot({ locale, messages, timeZone, children }: { locale: string; messages: AbstractIntlMessages; timeZone?: string; children: ReactNode }) {
  useEffect(() => {
    window.document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}>
      <div lang={locale} className="contents" data-testid="intl-root">
        {children}
      </div>
    </IntlProvider>
  );
}
