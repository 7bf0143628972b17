import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForms } from "@/components/auth/sign-in-forms";
import { auth } from "@/lib/console/auth";
import { consolePath } from "@/lib/console/sign-in-return";

export const metadata: Metadata = { title: "Sign in · Signet" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ reason?: string; next?: string }> }) {
  const { reason, next } = await searchParams;
  const destination = consolePath(next);
  if (await auth()) redirect(destination);
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to Signet</h1>
      {reason === "expired" ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Your session has ended. Sign in again to go on.
        </p>
      ) : reason === "link" ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          That sign-in link does not work: it has been used or has expired. Sign in here instead.
        </p>
      ) : null}
      <SignInForms next={destination} />
      <p className="mt-4 text-sm text-slate-700">
        <Link href="/forgot-password" className="font-medium text-sky-800 underline">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        New here?{" "}
        <Link href="/signup" className="font-medium text-sky-800 underline">
          Create an account
        </Link>
      </p>
    </main>
  );
}
