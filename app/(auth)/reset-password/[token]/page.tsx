import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { clientIpOf } from "@/lib/console/auth";
import { consoleTranslator } from "@/lib/console/console-intl";
import { checkConsolePasswordResetLink } from "@/lib/console/passwords";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.auth");
  // The token is in the address: no Referer carries it to another site.
  return { title: t("reset.pageTitle"), robots: { index: false }, referrer: "no-referrer" };
}
export const dynamic = "force-dynamic";

/** What the page says instead of the form when the service refuses the link, by its messageKey: the group of its title and text. */
const LINK_REFUSED: Record<string, "used" | "expired" | "invalid"> = {
  "error.gone.passwordResetTokenUsed": "used",
  "error.gone.passwordResetTokenExpired": "expired",
  "error.validation.invalidPasswordResetToken": "invalid",
};

/**
 * Where a password reset e-mail's link leads: the service checks the link first, so a used or
 * expired one says so and offers a new one instead of a form that would only be refused.
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [link, t] = await Promise.all([checkConsolePasswordResetLink(token, clientIpOf(await headers())), consoleTranslator("console.auth")]);
  const known = link.ok ? undefined : LINK_REFUSED[link.messageKey];
  const refused = link.ok
    ? null
    : known
      ? { title: t(`reset.refused.${known}.title`), text: t(`reset.refused.${known}.text`) }
      : { title: link.status >= 500 ? t("reset.notChecked") : t("reset.unusable"), text: link.message };
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      {refused ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">{refused.title}</h1>
          <p className="mt-4 text-slate-700" data-testid="reset-link-refused">
            {refused.text}
          </p>
          <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
            <Link href="/forgot-password" className="font-medium text-sky-800 underline">
              {t("reset.askNewLink")}
            </Link>
            <Link href="/signin" className="font-medium text-sky-800 underline">
              {t("reset.signIn")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">{t("reset.heading")}</h1>
          <ResetPasswordForm token={token} />
        </>
      )}
    </main>
  );
}
