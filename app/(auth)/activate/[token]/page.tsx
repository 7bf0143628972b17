import type { Metadata } from "next";
import { getDb } from "@/lib/db/client";
import { describeInvitation } from "@/lib/esign/senders/activate-sender";
import { ActivationForm, ActivationWelcome } from "@/components/auth/activation-form";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.auth");
  return { title: t("activation.pageTitle"), robots: { index: false } };
}
// The invitation is read at request time: never prerender this page.
export const dynamic = "force-dynamic";

/** Where the invitation link of a new sender leads: they choose a password and their account becomes active. */
export default async function ActivatePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, t] = await Promise.all([getDb().then((db) => describeInvitation(db, token)), consoleTranslator("console.auth")]);
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{t("activation.heading")}</h1>
      {invitation.state === "valid" ? (
        <>
          <ActivationWelcome firstName={invitation.firstName} accountName={invitation.accountName} />
          <ActivationForm token={token} email={invitation.email} />
        </>
      ) : (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {invitation.message}
        </p>
      )}
    </main>
  );
}
