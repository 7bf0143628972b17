"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { declinePackage, optOut, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyEnding } from "./ceremony-ending";
import { DelegateDialog } from "./delegate-dialog";

type Refusal = "decline" | "opt-out";

const REFUSALS: Record<Refusal, { title: string; explanation: string; label: string; confirm: string; ended: string }> = {
  decline: {
    title: "Decline to sign",
    explanation: "The package is cancelled for everyone and the sender is told, with your reason.",
    label: "Why do you decline?",
    confirm: "Decline",
    ended: "You declined to sign. The sender has been told, with your reason.",
  },
  "opt-out": {
    title: "Sign on paper instead",
    explanation: "You opt out of signing electronically. The sender is told and will contact you to sign another way.",
    label: "Your message to the sender",
    confirm: "Opt out",
    ended: "You opted out of signing electronically. The sender has been told and will contact you.",
  },
};

/** The ceremony's top bar: what is being signed and by whom, and the ways out (decline, opt out). */
export function CeremonyHeader({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [delegating, setDelegating] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold">{view.package.name}</h1>
        <p className="truncate text-xs text-slate-600">
          Signing as {view.signer.name}
          {view.signer.group ? ` for ${view.signer.group.name}` : ""}
        </p>
      </div>
      <div className="relative">
        <Button variant="secondary" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
          More
        </Button>
        {menuOpen ? (
          <ul role="menu" className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg" onKeyDown={(event) => event.key === "Escape" && setMenuOpen(false)}>
            {(Object.keys(REFUSALS) as Refusal[]).map((kind) => (
              <li key={kind} role="none">
                <button
                  role="menuitem"
                  type="button"
                  className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
                  onClick={() => {
                    setMenuOpen(false);
                    setRefusal(kind);
                  }}
                >
                  {REFUSALS[kind].title}
                </button>
              </li>
            ))}
            {view.signer.reassign && !view.host ? (
              <li role="none">
                <button
                  role="menuitem"
                  type="button"
                  className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
                  onClick={() => {
                    setMenuOpen(false);
                    setDelegating(true);
                  }}
                >
                  Ask someone else to sign
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <RefusalDialog kind={refusal} packageId={packageId} onClose={() => setRefusal(null)} />
      <DelegateDialog open={delegating} packageId={packageId} onClose={() => setDelegating(false)} />
    </header>
  );
}

function RefusalDialog({ kind, packageId, onClose }: { kind: Refusal | null; packageId: string; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const end = useCeremonyEnding();
  const refuse = useMutation<unknown, Error, { kind: Refusal; reason: string }>({
    mutationFn: ({ kind: chosen, reason: given }) => (chosen === "decline" ? declinePackage(packageId, given) : optOut(packageId, given)),
    onSuccess: (_, { kind: chosen }) => end({ title: chosen === "decline" ? "You declined" : "You opted out", text: REFUSALS[chosen].ended }),
  });
  const copy = kind ? REFUSALS[kind] : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind) refuse.mutate({ kind, reason });
  }
  return (
    <Dialog open={kind !== null} onClose={onClose} title={copy?.title ?? ""}>
      <form onSubmit={submit}>
        <p className="text-sm text-slate-700">{copy?.explanation}</p>
        <label htmlFor="refusal-reason" className="mt-4 block text-sm font-medium">
          {copy?.label}
        </label>
        <textarea
          id="refusal-reason"
          required
          maxLength={4000}
          rows={4}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-sky-600"
        />
        <p className="mt-1 text-xs text-slate-500">{reason.length} / 4000</p>
        {refuse.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700">
            {refuse.error.message}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={refuse.isPending} disabled={!reason.trim()}>
            {copy?.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
