"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { CheckboxField, SelectField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { notaryBlocking, notaryCandidates, signerEmailOf, type NotaryBlockingReason } from "@/lib/console/notary-readiness";
import { useSenderPicker, useUpdatePackage } from "@/lib/console/queries/package-builder";
import { useNotaryCommission } from "@/lib/console/queries/notary";
import { BuilderSection } from "../builder-section";
import { signingRoles } from "../signer-colours";
import { roleDisplayName } from "../signers/role-labels";

/** What stops sending this package as notarized (empty when it is not notarized), in words; read by the review bar too. */
export function useNotaryBlocking(pkg: WirePackage): string[] {
  const t = useTranslations("console.builder.notary.blocking");
  const format = useFormatter();
  const say = (blocking: NotaryBlockingReason): string => {
    switch (blocking.reason) {
      case "chooseNotary":
        return t("chooseNotary");
      case "notaryNotSigner":
        return t("notaryNotSigner");
      case "notaryNotActiveSender":
        return t("notaryNotActiveSender", { email: blocking.email });
      case "noCommission":
        return t("noCommission", { name: blocking.name });
      case "commissionExpired":
        // The commission's last day, as the notary page stores it (midnight UTC).
        return t("commissionExpired", {
          name: blocking.name,
          number: blocking.number,
          date: format.dateTime(new Date(blocking.expirationDate), { dateStyle: "medium", timeZone: "UTC" }),
        });
      case "addSigner":
        return t("addSigner");
      case "notarySignsLast":
        return t("notarySignsLast");
    }
  };
  const senders = useSenderPicker();
  const roles = signingRoles(pkg);
  const notaryRole = roles.find((role) => role.id === pkg.notaryRoleId);
  const notarySender = notaryRole ? senders.data?.results.find((sender) => sender.email.toLowerCase() === signerEmailOf(notaryRole)) : undefined;
  const commission = useNotaryCommission(pkg.notarized ? notarySender?.id : undefined);
  return notaryBlocking(pkg, roles, senders.data?.results, notarySender ? commission.data : undefined).map(say);
}

/**
 * Notarization: the "Notarized" switch and the notary, chosen among the package's signers who are
 * senders of the account (each change is saved at once: `notarized`, `notaryRoleId`).
 */
export function NotarySection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.notary");
  const update = useUpdatePackage(pkg.id);
  const senders = useSenderPicker();
  const candidates = notaryCandidates(signingRoles(pkg), senders.data?.results ?? []);
  const blocking = useNotaryBlocking(pkg);
  const [error, setError] = useState<string | null>(null);
  const save = (body: Record<string, unknown>) => {
    setError(null);
    update.mutateAsync(body).catch((failure: Error) => setError(failure.message));
  };
  return (
    <BuilderSection
      title={t("title")}
      testId="builder-notary"
      description={t("description")}
    >
      <div className="space-y-3">
        <Refusal message={error} />
        <CheckboxField
          label={t("notarized")}
          checked={pkg.notarized}
          disabled={update.isPending}
          onChange={(event) => {
            const notarized = event.target.checked;
            // Switched on with one possible notary: they are chosen at once.
            const only = candidates.length === 1 && !pkg.notaryRoleId ? { notaryRoleId: candidates[0]!.role.id } : {};
            save({ notarized, ...(notarized ? only : {}) });
          }}
        />
        {pkg.notarized ? (
          <SelectField
            label={t("notary")}
            value={candidates.some((candidate) => candidate.role.id === pkg.notaryRoleId) ? pkg.notaryRoleId : ""}
            disabled={update.isPending}
            onChange={(event) => save({ notaryRoleId: event.target.value })}
            hint={candidates.length === 0 ? t("noCandidate") : t("candidatesHint")}
          >
            <option value="">{t("chooseNotary")}</option>
            {candidates.map(({ role, sender }) => (
              <option key={role.id} value={role.id}>
                {roleDisplayName(role)} ({sender.email})
              </option>
            ))}
          </SelectField>
        ) : null}
        {blocking.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-amber-900" data-testid="notary-blocking">
            {blocking.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </BuilderSection>
  );
}
