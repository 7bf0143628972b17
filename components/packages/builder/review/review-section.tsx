"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { endDesignerSession, useDesignerSession } from "@/components/console/designer-session";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useUpdatePackage } from "@/lib/console/queries/package-builder";
import { packageQueryOptions } from "@/lib/console/queries/packages";
import { UNTITLED_PACKAGE_NAME } from "../../inbox/new-draft-button";
import { uploadedDocuments } from "../documents/document-order";
import { signingRoles } from "../signer-colours";
import { stepsOf } from "../signers/signing-steps";
import { useSaveAllUnsavedWork } from "../unsaved-work";
import { useNotaryBlocking } from "../notary/notary-section";
import { readinessOf, type ReadinessItem } from "./readiness";

/** The bar at the bottom of the builder: what the package holds, what is missing, and Send (or Done for a template). */
export function ReviewSection({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const t = useTranslations("console.builder.review");
  const router = useRouter();
  const designer = useDesignerSession();
  const toast = useToast();
  const send = useUpdatePackage(pkg.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [naming, setNaming] = useState(false);
  const queryClient = useQueryClient();
  const saveAllUnsavedWork = useSaveAllUnsavedWork();
  const readiness = readinessOf(pkg, template);
  const notaryBlocking = useNotaryBlocking(pkg);
  const say = (item: ReadinessItem) => ("name" in item ? t(`readiness.${item.key}`, { name: item.name }) : t(`readiness.${item.key}`));
  const blocking = template ? readiness.blocking.map(say) : [...readiness.blocking.map(say), ...notaryBlocking];
  const warnings = readiness.warnings.map(say);
  const documents = uploadedDocuments(pkg.documents).length;
  const roles = signingRoles(pkg);
  const steps = stepsOf(roles).length;

  // Awaited rather than given callbacks: the refetch that follows a send turns the builder into
  // "only a draft can be edited", unmounting this section before a mutate callback would run.
  async function sendNow(name: string) {
    try {
      await send.mutateAsync({ status: "SENT" });
    } catch (error) {
      setRefusal((error as Error).message);
      return;
    }
    toast.success(t("sent", { name }));
    // The embedded designer returns to the integrator's page (or stays, saying it was sent).
    if (designer) await endDesignerSession("PACKAGE_SEND");
    else router.push(`/packages/${encodeURIComponent(pkg.id)}`);
  }

  /** Saves what is still being typed, then sends, or first asks for a name if it is still the new package's. */
  async function startSending() {
    setRefusal(null);
    setSaving(true);
    let name: string;
    try {
      await saveAllUnsavedWork();
      name = (await queryClient.fetchQuery({ ...packageQueryOptions(pkg.id), staleTime: 0 })).name;
    } catch (error) {
      setRefusal((error as Error).message);
      return;
    } finally {
      setSaving(false);
    }
    if (name.trim() === UNTITLED_PACKAGE_NAME) setNaming(true);
    else await sendNow(name);
  }

  return (
    <section
      aria-labelledby="review-heading"
      data-testid="review-section"
      className="sticky bottom-0 z-20 mt-5 rounded-t-lg border border-b-0 border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <h2 id="review-heading" className="text-base font-semibold text-slate-900">
          {template ? t("titleTemplate") : t("title")}
        </h2>
        <p className="text-sm text-slate-700">
          {t("documents", { count: documents })} · {template ? t("placeholders", { count: roles.length }) : t("signers", { count: roles.length })}
          {roles.length ? ` ${t("inSteps", { count: steps })}` : ""}
        </p>
        <ReadinessList title={template ? t("stillToDo") : t("beforeSending")} items={blocking} tone="text-amber-900" testId="review-missing" />
        <ReadinessList title={t("worthALook")} items={warnings} tone="text-slate-700" />
        {!blocking.length && !warnings.length ? <p className="text-sm text-emerald-800">{t("allInPlace")}</p> : null}
        <div className="ml-auto flex items-center gap-3">
          <p className="hidden text-xs text-slate-600 md:block">{template ? t("savedTemplate") : t("savedDraft")}</p>
          {template ? (
            <Link
              href="/templates"
              className="inline-flex min-h-10 items-center justify-center rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2"
            >
              {t("done")}
            </Link>
          ) : (
            <Button data-testid="send-package" busy={saving || send.isPending} onClick={() => void startSending()}>
              {t("send")}
            </Button>
          )}
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 rounded-md border border-rose-300 bg-rose-50 p-2 text-sm text-rose-900" data-testid="send-refusal">
          {refusal}
        </p>
      ) : null}
      {naming ? (
        <NameBeforeSending
          onClose={() => setNaming(false)}
          onNamed={(name) => {
            setNaming(false);
            void sendNow(name);
          }}
          rename={(name) => send.mutateAsync({ name })}
        />
      ) : null}
    </section>
  );
}

/** How many things are missing (or worth a look), opening upwards to the list of them. */
function ReadinessList({ title, items, tone, testId }: { title: string; items: string[]; tone: string; testId?: string }) {
  const t = useTranslations("console.builder.review");
  if (items.length === 0) return null;
  return (
    <details className="relative text-sm">
      <summary className={`cursor-pointer rounded ${tone} focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600`}>
        {t("listSummary", { title, summary: items.length === 1 ? items[0]! : t("things", { count: items.length }) })}
      </summary>
      <ul className={`absolute bottom-full left-0 mb-2 w-80 max-w-[80vw] list-disc space-y-1 rounded-md border border-slate-200 bg-white py-2 pr-3 pl-7 shadow-lg ${tone}`} data-testid={testId}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}

/** Asked on Send while the package is still "Untitled package": its signers see the name in every e-mail. */
function NameBeforeSending({ onClose, onNamed, rename }: { onClose: () => void; onNamed: (name: string) => void; rename: (name: string) => Promise<unknown> }) {
  const t = useTranslations("console.builder.review");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen || chosen === UNTITLED_PACKAGE_NAME) return setProblem(t("nameNeeded"));
    if (chosen.length > 256) return setProblem(t("nameTooLong", { count: 256 }));
    setBusy(true);
    try {
      await rename(chosen);
      onNamed(chosen);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open onClose={onClose} title={t("nameTitle")}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-slate-700">{t("nameText")}</p>
        <TextField className="mt-3" label={t("packageName")} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} error={problem ?? undefined} autoFocus />
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" busy={busy} data-testid="name-and-send">
            {t("nameAndSend")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
