"use client";

import { useState } from "react";
import type { WirePackage } from "@/lib/api/packages";
import { CheckboxField, SelectField } from "@/components/ui/form-field";
import { Refusal } from "@/components/ui/states";
import { notaryBlocking, notaryCandidates, signerEmailOf } from "@/lib/console/notary-readiness";
import { useSenderPicker, useUpdatePackage } from "@/lib/console/queries/package-builder";
import { useNotaryCommission } from "@/lib/console/queries/notary";
import { BuilderSection } from "../builder-section";
import { signingRoles } from "../signer-colours";
import { roleDisplayName } from "../signers/role-labels";

/** What stops sending this package as notarized (empty when it is not notarized), read by the review bar too. */
export function useNotaryBlocking(pkg: WirePackage): string[] {
  const senders = useSenderPicker();
  const roles = signingRoles(pkg);
  const notaryRole = roles.find((role) => role.id === pkg.notaryRoleId);
  const notarySender = notaryRole ? senders.data?.results.find((sender) => sender.email.toLowerCase() === signerEmailOf(notaryRole)) : undefined;
  const commission = useNotaryCommission(pkg.notarized ? notarySender?.id : undefined);
  return notaryBlocking(pkg, roles, senders.data?.results, notarySender ? commission.data : undefined);
}

/**
 * Notarization: the "Notarized" switch and the notary, chosen among the package's signers who are
 * senders of the account (each change is saved at once: `notarized`, `notaryRoleId`).
 */
export function NotarySection({ pkg }: { pkg: WirePackage }) {
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
      title="Notarization"
      testId="builder-notary"
      description="A notarized package is signed last by its notary, a sender of this account with a notary commission, whose electronic seal is drawn on the sealed documents."
    >
      <div className="space-y-3">
        <Refusal message={error} />
        <CheckboxField
          label="Notarized"
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
            label="Notary"
            value={candidates.some((candidate) => candidate.role.id === pkg.notaryRoleId) ? pkg.notaryRoleId : ""}
            disabled={update.isPending}
            onChange={(event) => save({ notaryRoleId: event.target.value })}
            hint={candidates.length === 0 ? "None of the signers is a sender of this account yet: add one (yourself, or another sender) as a signer." : "Among the signers who are senders of this account."}
          >
            <option value="">Choose the notary…</option>
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
