import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { clientIpOf } from "@/lib/console/auth";
import { checkConsolePasswordResetLink } from "@/lib/console/passwords";

// The token is in the address: no Referer carries it to another site.
export const metadata: Metadata = { title: "Choose a new password · Signet", robots: { index: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** What the page says instead of the form when the service refuses the link, by its messageKey. */
const LINK_REFUSED: Record<string, { title: string; text: string }> = {
  "error.gone.passwordResetTokenUsed": {
    title: "This link has been used already",
    text: "A password reset link works once, and this one has set a password. If that was you, sign in with it; otherwise ask for a new link.",
  },
  "error.gone.passwordResetTokenExpired": {
    title: "This link has expired",
    text: "A password reset link works for 60 minutes. Ask for a new one; it is e-mailed to you at once.",
  },
  "error.validation.invalidPasswordResetToken": {
    title: "This link is not valid",
    text: "It may have been cut short by your e-mail program. Ask for a new link, or open the newest one in full.",
  },
};

/**
 * Where a password reset e-mail's link leads: the service checks the link first, so a used or
 * expired one says so and offers a new one instead of a form that would only be refused.
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await checkConsolePasswordResetLink(token, clientIpOf(await headers()));
  const refused = link.ok
    ? null
    : (LINK_REFUSED[link.messageKey] ?? { title: link.status >= 500 ? "The link could not be checked" : "This link cannot be used", text: link.message });
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
              Ask for a new link
            </Link>
            <Link href="/signin" className="font-medium text-sky-800 underline">
              Sign in
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
          <ResetPasswordForm token={token} />
        </>
      )}
    </main>
  );
}
