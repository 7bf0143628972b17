"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { DocumentVisibilityResponse } from "@/lib/api/document-visibility";
import type { WireDocument, WireRole } from "@/lib/api/packages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form-field";
import { useDocumentVisibility, useSetDocumentVisibility } from "@/lib/console/queries/document-visibility";
import { roleDisplayName, useRoleDetail } from "../signers/role-labels";

type Configurations = DocumentVisibilityResponse["configurations"];

/** The roles that may see a document: every signer (the sender sees every document anyway). */
const signingRoles = (roles: WireRole[]) => roles.filter((role) => role.type !== "SENDER");

/** The roles that sign a document: they always see it. */
const signersOf = (document: WireDocument) => new Set(document.approvals.map((approval) => approval.role));

/** Who sees the document: everyone (no configuration), the sender only (nobody in it), or the signers named. */
function whoSees(configurations: Configurations, document: WireDocument, roles: WireRole[]): WireRole[] | "everyone" {
  const configuration = configurations.find((entry) => entry.documentUid === document.id);
  if (!configuration) return "everyone";
  const signers = signersOf(document);
  return signingRoles(roles).filter((role) => configuration.roleUids.includes(role.id) || signers.has(role.id));
}

/**
 * The document's "Visible to" (document visibility): which signers see it in their ceremony, their
 * copy and its downloads. A signer with fields on it always does. Every signer ticked means
 * everyone, signers added later included.
 */
export function DocumentVisibilityControl({ document, packageId, roles }: { document: WireDocument; packageId: string; roles: WireRole[] }) {
  const t = useTranslations("console.builder.documents");
  const format = useFormatter();
  const visibility = useDocumentVisibility(packageId);
  const [open, setOpen] = useState(false);
  const configurations = visibility.data?.configurations ?? [];
  if (signingRoles(roles).length === 0) return null;
  const seeing = whoSees(configurations, document, roles);
  const visibleTo =
    seeing === "everyone" ? t("visibleToEveryone") : seeing.length === 0 ? t("visibleToYouOnly") : t("visibleTo", { names: format.list(seeing.map(roleDisplayName), { type: "unit" }) });
  return (
    <>
      <Button variant="ghost" className="px-2" onClick={() => setOpen(true)} disabled={!visibility.data} data-testid="document-visibility">
        {visibility.data ? visibleTo : t("visibleToPending")}
        <span className="sr-only">{t("chooseWhoSees", { name: document.name })}</span>
      </Button>
      {open ? <VisibilityDialog document={document} packageId={packageId} roles={roles} configurations={configurations} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function VisibilityDialog({
  document,
  packageId,
  roles,
  configurations,
  onClose,
}: {
  document: WireDocument;
  packageId: string;
  roles: WireRole[];
  configurations: Configurations;
  onClose: () => void;
}) {
  const t = useTranslations("console.builder.documents");
  const roleDetail = useRoleDetail();
  const save = useSetDocumentVisibility(packageId);
  const candidates = signingRoles(roles);
  const signers = signersOf(document);
  const current = configurations.find((entry) => entry.documentUid === document.id);
  const [checked, setChecked] = useState(() => new Set(candidates.filter((role) => !current || current.roleUids.includes(role.id) || signers.has(role.id)).map((role) => role.id)));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const sees = (role: WireRole) => checked.has(role.id) || signers.has(role.id);
    const everyone = candidates.every(sees);
    const others = configurations.filter((entry) => entry.documentUid !== document.id);
    const next = everyone ? others : [...others, { documentUid: document.id, roleUids: candidates.filter(sees).map((role) => role.id) }];
    save.mutate({ configurations: next }, { onSuccess: onClose, onError: (failure) => setError(failure.message) });
  };

  return (
    <Dialog open onClose={onClose} title={t("whoSeesTitle", { name: document.name })}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="text-sm text-slate-700">{t("whoSeesText")}</legend>
          <div className="mt-3 space-y-2">
            {candidates.map((role) => (
              <CheckboxField
                key={role.id}
                label={roleDisplayName(role)}
                hint={signers.has(role.id) ? t("signsSoSees") : roleDetail(role)}
                checked={checked.has(role.id) || signers.has(role.id)}
                disabled={signers.has(role.id)}
                onChange={(event) => {
                  const next = new Set(checked);
                  if (event.target.checked) next.add(role.id);
                  else next.delete(role.id);
                  setChecked(next);
                }}
              />
            ))}
          </div>
        </fieldset>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-rose-800">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t("saveWhoSees")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
