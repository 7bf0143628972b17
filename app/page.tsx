import Link from "next/link";
import { redirect } from "next/navigation";
import { auth } from "@/lib/console/auth";

export const dynamic = "force-dynamic";

/** Signed in: the inbox. Otherwise what Signet is, and the ways in. */
export default async function HomePage() {
  if (await auth()) redirect("/packages");
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Signet</h1>
      <p className="mt-4 text-slate-700">
        Send documents for signature, follow every signer, and download sealed PDFs with their evidence summary.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/signin" className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2">
          Sign in
        </Link>
        <Link href="/signup" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2">
          Create an account
        </Link>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Integrators call the REST API under <code>/api</code> with <code>Authorization: Basic &lt;apiKey&gt;</code>; its reference is at{" "}
        <Link href="/docs/api" className="underline">
          /docs/api
        </Link>
        .
      </p>
    </main>
  );
}
