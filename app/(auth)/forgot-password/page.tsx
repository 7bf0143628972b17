import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";

export const metadata: Metadata = { title: "Forgot your password · Signet" };

export default function ForgotPasswordPage() {
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 text-sm text-slate-700">Enter the e-mail address you sign in with: we will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm text-slate-700">
        <Link href="/signin" className="font-medium text-sky-800 underline">
          Back to sign in
        </Link>
      </p>
    </main>
  );
}
