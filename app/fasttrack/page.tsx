import type { Metadata } from "next";
import { FastTrackForm, FastTrackIntro } from "@/components/fast-track/fast-track-form";
import { IntlRoot } from "@/components/i18n/intl-root";
import { browserLocale, consoleTranslatorIn } from "@/lib/console/console-intl";
import { getDb } from "@/lib/db/client";
import { ServiceError } from "@/lib/esign/errors";
import { fastTrackForm } from "@/lib/esign/fast-track/fast-track";
import { consoleMessagesOf } from "@/lib/i18n/console-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = consoleTranslatorIn(await browserLocale(), "console.fastTrack");
  return { title: t("pageTitle"), robots: { index: false } };
}
export const dynamic = "force-dynamic";

/** The page a fast track link opens: who are you, then on to signing; in the browser's language (no one is signed in). */
export default async function FastTrackPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const locale = await browserLocale();
  const t = consoleTranslatorIn(locale, "console.fastTrack");
  let form;
  try {
    form = await fastTrackForm(await getDb(), token ?? null);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return (
      <IntlRoot locale={locale} messages={consoleMessagesOf(locale, ["fastTrack"])}>
        <main className="mx-auto max-w-md px-6 py-16">
          <h1 className="text-2xl font-semibold tracking-tight">{t("brokenTitle")}</h1>
          <p className="mt-4 text-slate-700">{error.message}</p>
        </main>
      </IntlRoot>
    );
  }
  return (
    <IntlRoot locale={locale} messages={consoleMessagesOf(locale, ["fastTrack", "ui"])}>
      <main className="mx-auto max-w-md px-6 py-16">
        <h1 className="text-2xl font-semibold tracking-tight">{form.name}</h1>
        <FastTrackIntro signing={form.signing} />
        <FastTrackForm token={token!} placeholders={form.placeholders} />
      </main>
    </IntlRoot>
  );
}
