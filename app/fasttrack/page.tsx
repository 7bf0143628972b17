import type { Metadata } from "next";
import { FastTrackForm } from "@/components/fast-track/fast-track-form";
import { getDb } from "@/lib/db/client";
import { ServiceError } from "@/lib/esign/errors";
import { fastTrackForm } from "@/lib/esign/fast-track/fast-track";

export const metadata: Metadata = { title: "Fast track · Signet", robots: { index: false } };
export const dynamic = "force-dynamic";

/** The page a fast track link opens: who are you, then on to signing. */
export default async function FastTrackPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  let form;
  try {
    form = await fastTrackForm(await getDb(), token ?? null);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return (
      <main className="mx-auto max-w-md px-6 py-16">
        <h1 className="text-2xl font-semibold tracking-tight">This link does not work</h1>
        <p className="mt-4 text-slate-700">{error.message}</p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{form.name}</h1>
      <p className="mt-2 text-sm text-slate-700">
        {form.signing ? "Tell us who you are, and you will go on to read and sign the documents." : "Tell us who takes part; the package is then prepared for its sender."}
      </p>
      <FastTrackForm token={token!} placeholders={form.placeholders} />
    </main>
  );
}
