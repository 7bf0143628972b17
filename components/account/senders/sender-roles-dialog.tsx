"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useRoleWords } from "@/components/account/roles/role-words";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { WireAccountRole } from "@/lib/api/account-roles";
import type { WireSender } from "@/lib/api/senders";
import { useAccountRoles, useAssignSenderRoles, useSenderRoleIds } from "@/lib/console/queries/senders";

/** The account roles a sender holds: the account's roles, checked where held; saving replaces them. */
export function SenderRolesDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const roles = useAccountRoles();
  const held = useSenderRoleIds(sender.id);
  const who = sender.name || sender.email;
  let body;
  if (roles.isPending || held.isPending) body = <LoadingState label={t("roles.loading")} />;
  else if (roles.isError) body = <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  else if (held.isError) body = <ErrorState error={held.error} onRetry={() => void held.refetch()} />;
  else body = <RolesForm sender={sender} roles={roles.data.results} held={held.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} title={t("roles.title", { who })}>
      {body}
      {roles.isError || held.isError ? (
        <div className="flex justify-end pt-4">
          <Button variant="secondary" onClick={onClose}>
            {t("roles.close")}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}

function RolesForm({ sender, roles, held, onClose }: { sender: WireSender; roles: WireAccountRole[]; held: string[]; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const words = useRoleWords();
  const toast = useToast();
  const assign = useAssignSenderRoles(sender.id);
  const [chosen, setChosen] = useState(() => new Set(held));

  function toggle(roleId: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(roleId);
      else next.delete(roleId);
      return next;
    });
  }

  function save(event: React.FormEvent) {
    event.preventDefault();
    assign.mutate([...chosen], {
      onSuccess: () => {
        toast.success(t("roles.saved", { who: sender.name || sender.email }));
        onClose();
      },
    });
  }

  return (
    <form onSubmit={save} className="space-y-3" aria-label={t("roles.form")}>
      <p className="text-sm text-slate-700">{t("roles.explain")}</p>
      <Refusal message={assign.error?.message} />
      <fieldset className="space-y-3">
        <legend className="sr-only">{t("roles.legend")}</legend>
        {roles.map((role) => (
          <CheckboxField
            key={role.id}
            label={
              <>
                <span className="font-medium">{words.name(role)}</span>
                {role.enabled ? null : <span className="text-slate-600"> {t("roles.disabled")}</span>}
              </>
            }
            hint={words.description(role)}
            checked={chosen.has(role.id)}
            onChange={(event) => toggle(role.id, event.target.checked)}
          />
        ))}
      </fieldset>
      {chosen.size === 0 ? <p className="text-sm text-amber-900">{t("roles.noRole")}</p> : null}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose}>
          {t("roles.cancel")}
        </Button>
        <Button type="submit" busy={assign.isPending}>
          {t("roles.save")}
        </Button>
      </div>
    </form>
  );
}
