"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { inputClass } from "@/components/ui/form-field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { failureMessage } from "@/lib/console/queries/package-actions";
import { useResendInvitation, useSigningUrl, useTextSigningLink, type SignerStatuses } from "@/lib/console/queries/package-detail";
import { When } from "./format";
import { Section } from "./section";
import type { SignerRow, SignerStateKind } from "./signer-states";

const TONES: Record<SignerStateKind, "neutral" | "info" | "success" | "warning" | "danger"> = {
  notSent: "neutral",
  checking: "neutral",
  notYet: "neutral",
  waiting: "info",
  signed: "success",
  declined: "danger",
  optedOut: "warning",
  notSigned: "warning",
};

/**
 * Each signer in signing order, grouped in steps, with where they stand and, while it is sent,
 * their link and invitation (not for `followOnly`: a signer following someone else's package).
 */
export function SignersSection({ pkg, steps, statuses, followOnly = false }: { pkg: WirePackage; steps: { index: number; signers: SignerRow[] }[]; statuses: SignerStatuses; followOnly?: boolean }) {
  const t = useTranslations("console.packageDetail.signers");
  const [linkShown, setLinkShown] = useState<{ name: string; url: string } | null>(null);
  const outForSigning = !followOnly && pkg.status === "SENT" && !pkg.trashed;
  return (
    <Section title={t("title")} testId="signers">
      {statuses.error ? (
        <div className="mb-3">
          <ErrorState error={statuses.error} onRetry={statuses.refetch} />
        </div>
      ) : null}
      {steps.length === 0 ? (
        <EmptyState title={t("none")}>
          {pkg.status === "DRAFT" ? t("noneInDraft") : t("noOneToSign")}
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {steps.map((step, i) => (
            <li key={step.index} data-testid={`signing-step-${i + 1}`}>
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {t("step", { number: i + 1 })}
                {step.signers.length > 1 ? <span className="font-normal normal-case"> · {t("sameTime")}</span> : null}
              </p>
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
                {step.signers.map((row) => (
                  <SignerItem key={row.role.id} packageId={pkg.id} row={row} outForSigning={outForSigning} onLinkNotCopied={setLinkShown} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={linkShown !== null} onClose={() => setLinkShown(null)} title={t("linkTitle")}>
        <p className="text-sm text-slate-700">{t("linkNotCopied", { name: linkShown?.name ?? "" })}</p>
        <label className="mt-3 block text-sm font-medium text-slate-800">
          {t("linkFor", { name: linkShown?.name ?? "" })}
          <input readOnly value={linkShown?.url ?? ""} onFocus={(event) => event.currentTarget.select()} className={`${inputClass} mt-1`} data-testid="signing-link-text" />
        </label>
        <div className="mt-5 flex justify-end">
          <Button variant="secondary" onClick={() => setLinkShown(null)}>
            {t("close")}
          </Button>
        </div>
      </Dialog>
    </Section>
  );
}

function SignerItem({
  packageId,
  row,
  outForSigning,
  onLinkNotCopied,
}: {
  packageId: string;
  row: SignerRow;
  outForSigning: boolean;
  onLinkNotCopied: (link: { name: string; url: string }) => void;
}) {
  const t = useTranslations("console.packageDetail.signers");
  const toast = useToast();
  const signingUrl = useSigningUrl(packageId);
  const resend = useResendInvitation(packageId);
  const text = useTextSigningLink(packageId);
  const { role, contact, state } = row;
  const name = row.name || t("group");
  const unfinished = state.kind === "waiting" || state.kind === "notYet";

  function copyLink() {
    signingUrl.mutate(role.id, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          toast.success(t("linkCopied", { name }));
        } catch {
          onLinkNotCopied({ name, url });
        }
      },
      onError: (error) => toast.error(failureMessage(error)),
    });
  }

  function resendInvitation() {
    resend.mutate(role.id, {
      onSuccess: () => toast.success(row.isGroup ? t("resentToGroup", { name }) : t("resent", { contact })),
      onError: (error) => toast.error(failureMessage(error)),
    });
  }

  function textSigningLink() {
    text.mutate(role.id, {
      onSuccess: () => toast.success(t("texted", { name })),
      onError: (error) => toast.error(failureMessage(error)),
    });
  }

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`signer-${role.id}`} data-state={state.kind}>
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {name}
          {role.name && role.name !== name && role.name !== role.id ? <span className="font-normal text-slate-600"> · {role.name}</span> : null}
        </p>
        <p className="text-sm break-all text-slate-700">{row.unfilled ? t("unfilled") : row.isGroup ? (contact ? t("groupContact", { email: contact }) : t("group")) : contact}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="signer-state">
          <Badge tone={TONES[state.kind]}>{t(`state.${state.label}`)}</Badge>
          {state.date ? <When iso={state.date} withTime /> : null}
        </p>
        {state.reason ? (
          <p className="mt-1 text-sm break-words text-slate-700" data-testid="signer-refusal-reason">
            {t("reason", { reason: state.reason })}
          </p>
        ) : null}
      </div>
      {outForSigning && unfinished ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" busy={signingUrl.isPending} onClick={copyLink} aria-label={t("copyLinkFor", { name })} data-testid="copy-signing-link">
            {t("copyLink")}
          </Button>
          {state.kind === "waiting" ? (
            <Button variant="secondary" busy={resend.isPending} onClick={resendInvitation} aria-label={t("resendTo", { name })} data-testid="resend-invitation">
              {t("resend")}
            </Button>
          ) : null}
          {state.kind === "waiting" && !row.isGroup ? (
            <Button variant="secondary" busy={text.isPending} onClick={textSigningLink} aria-label={t("textLinkTo", { name })} data-testid="text-signing-link">
              {t("textLink")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
