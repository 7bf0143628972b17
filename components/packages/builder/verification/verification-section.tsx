"use client";

import { useTranslations } from "use-intl";
import type { WirePackage, WireRole } from "@/lib/api/packages";
import type { WireVerificationType } from "@/lib/api/verification";
import { SelectField } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useConsoleSession } from "@/lib/console/queries/session";
import { useRoleVerification, useSetRoleVerification, useVerificationTypes } from "@/lib/console/queries/package-builder";
import { BuilderSection } from "../builder-section";
import { signerColour, signingRoles } from "../signer-colours";
import { roleDisplayName } from "../signers/role-labels";

/** Per signer, how they prove who they are before signing: none, or one of the account's activated types. */
export function VerificationSection({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const t = useTranslations("console.builder.verification");
  const session = useConsoleSession();
  const types = useVerificationTypes(session.data?.account.id);
  const roles = signingRoles(pkg);
  return (
    <BuilderSection title={t("title")} testId="verification-section" description={t("description")}>
      {session.isError ? (
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      ) : types.isError ? (
        <ErrorState error={types.error} onRetry={() => void types.refetch()} />
      ) : !types.data ? (
        <LoadingState label={t("loading")} />
      ) : types.data.results.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noTypes")}</p>
      ) : roles.length === 0 ? (
        <p className="text-sm text-slate-600">{template ? t("addPlaceholderFirst") : t("addSignerFirst")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {roles.map((role, position) => (
            <RoleVerification key={role.id} packageId={pkg.id} role={role} position={position} types={types.data.results} template={template} />
          ))}
        </ul>
      )}
    </BuilderSection>
  );
}

function RoleVerification({ packageId, role, position, types, template }: { packageId: string; role: WireRole; position: number; types: WireVerificationType[]; template: boolean }) {
  const t = useTranslations("console.builder.verification");
  const current = useRoleVerification(packageId, role.id);
  const change = useSetRoleVerification(packageId, role.id);
  const toast = useToast();
  const name = template ? role.name || role.id : roleDisplayName(role);
  const value = current.data?.typeId ?? "";
  const known = types.some((type) => type.id === value);
  return (
    <li className="flex items-start gap-2" data-testid="verification-row" data-role-id={role.id}>
      <span aria-hidden className="mt-8 size-3 shrink-0 rounded-full" style={{ backgroundColor: signerColour(position).solid }} />
      <SelectField
        label={t("for", { name })}
        className="flex-1"
        value={value}
        disabled={current.isLoading || change.isPending}
        hint={current.isError ? current.error.message : change.isPending ? t("saving") : undefined}
        onChange={(event) => {
          const typeId = event.target.value || null;
          change.mutate(typeId, {
            onSuccess: () => toast.success(typeId ? t("willVerify", { name }) : t("noVerification", { name })),
            onError: (error) => toast.error(error.message),
          });
        }}
      >
        <option value="">{t("none")}</option>
        {!known && value ? <option value={value}>{value}</option> : null}
        {types.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </SelectField>
    </li>
  );
}
