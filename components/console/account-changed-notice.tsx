"use client";

import { useTranslations } from "use-intl";

/**
 * Shown when the console moved to another account in another tab or window: this page's data is
 * the old account's, and the proxy refuses its calls. Opening the inbox again shows the new one.
 */
export function AccountChangedNotice() {
  const t = useTranslations("console.shell");
  return (
    <div role="alert" className="sticky top-0 z-50 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p>{t("accountChanged.text")}</p>
        {/* A whole new page, not a client navigation: its layout, cache and notice all belong to the old account. */}
        <button
          type="button"
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- deliberately a full page load (see above)
          onClick={() => window.location.assign("/packages")}
          className="rounded-md bg-amber-900 px-3 py-1.5 font-medium text-white hover:bg-amber-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
        >
          {t("accountChanged.openInbox")}
        </button>
      </div>
    </div>
  );
}
