import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata: Metadata = { title: "Create an account · Signet" };

export default function SignUpPage() {
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Create your Signet account</h1>
      <p className="mt-2 text-sm text-slate-700">You will be the account&apos;s owner: you can invite senders once you are in.</p>
      <SignUpForm />
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{" "}
        <Link href="/signin" className="font-medium text-sky-800 underline">
          Sign in
        </Link>
      </p>
    </main>
  );
}
