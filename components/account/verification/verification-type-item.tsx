"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { VerificationTypeCatalogueEntry } from "@/lib/api/verification";
import { useSetVerificationTypeActivated } from "@/lib/console/queries/verification-types";

/** One verification type: what it is, whether the account activated it, and the switch (none for the built-in one). */
export function VerificationTypeItem({ type }: { type: VerificationTypeCatalogueEntry }) {
  const toast = useToast();
  const change = useSetVerificationTypeActivated(type.id);
  function setActivated(activate: boolean) {
    change.mutate(activate, {
      onSuccess: () =>
        activate
          ? toast.success(`${type.name} is activated: senders can attach it to signers.`)
          : toast.success(`${type.name} is deactivated: senders can no longer attach it; signers who already have it keep it.`),
    });
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="verification-type" data-type-id={type.id}>
      <div className="min-w-0 max-w-xl">
        <p className="font-medium text-slate-900">{type.name}</p>
        <p className="font-mono text-xs text-slate-600">
          {type.id} · {type.method}
        </p>
        {type.needsExternalProvider ? (
          <p className="mt-1 text-xs text-slate-600">Verified by an outside identity provider: a package that asks for it can be sent only once this service has a connector for it.</p>
        ) : null}
        {change.error ? (
          <p role="alert" className="mt-2 rounded-md border border-rose-300 bg-rose-50 p-2 text-sm text-rose-900">
            {change.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span data-testid="verification-status" data-status={type.activated ? "ACTIVATED" : "NOT_ACTIVATED"}>
          {type.activated ? <Badge tone="success">Activated</Badge> : <Badge>Not activated</Badge>}
        </span>
        {type.builtIn ? (
          <Badge tone="info">Built in, always on</Badge>
        ) : type.activated ? (
          <Button variant="secondary" busy={change.isPending} onClick={() => setActivated(false)}>
            Deactivate<span className="sr-only"> {type.name}</span>
          </Button>
        ) : (
          <Button busy={change.isPending} onClick={() => setActivated(true)}>
            Activate<span className="sr-only"> {type.name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
