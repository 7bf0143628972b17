"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { delegateSigning } from "@/lib/ceremony/ceremony-requests";
import type { ReassignRequest } from "@/lib/api/signing";
import { useCeremonyEnding } from "./ceremony-ending";

const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-sky-600";

/** Delegation (ROLE_REASSIGN): the signer names the person who signs in their place; that person is invited at once. */
export function DelegateDialog({ open, packageId, onClose }: { open: boolean; packageId: string; onClose: () => void }) {
  const [delegate, setDelegate] = useState<ReassignRequest>({ email: "", firstName: "", lastName: "", message: "" });
  const end = useCeremonyEnding();
  const t = useTranslations();
  const send = useMutation<unknown, Error, ReassignRequest>({
    mutationFn: (given) => delegateSigning(packageId, given),
    onSuccess: (_, given) =>
      end({ title: t("delegate.endedTitle"), text: t("delegate.ended", { firstName: given.firstName, lastName: given.lastName, email: given.email }) }),
  });
  const field = (name: keyof ReassignRequest, label: string, type = "text") => (
    <div>
      <label htmlFor={`delegate-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input id={`delegate-${name}`} type={type} required value={delegate[name] ?? ""} onChange={(event) => setDelegate({ ...delegate, [name]: event.target.value })} className={inputClass} />
    </div>
  );
  const firstNameField = field("firstName", t("delegate.firstName"));
  const lastNameField = field("lastName", t("delegate.lastName"));
  const emailField = field("email", t("delegate.email"), "email");
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate({ ...delegate, message: delegate.message?.trim() ? delegate.message : undefined });
  }
  return (
    <Dialog open={open} onClose={onClose} title={t("delegate.title")}>
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-700">{t("delegate.explanation")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {firstNameField}
          {lastNameField}
        </div>
        {emailField}
        <div>
          <label htmlFor="delegate-message" className="block text-sm font-medium">
            {t("delegate.message")}
          </label>
          <textarea id="delegate-message" rows={3} maxLength={4000} value={delegate.message ?? ""} onChange={(event) => setDelegate({ ...delegate, message: event.target.value })} className={inputClass} />
        </div>
        {send.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {send.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" busy={send.isPending}>
            {t("delegate.send")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
