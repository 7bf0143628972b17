"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { handDeviceTo, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { ceremonyKey, useCeremonyAction } from "@/lib/ceremony/use-ceremony";
import { MessageScreen } from "./message-screen";

type Host = NonNullable<CeremonyView["host"]>;

/**
 * In person (`settings.ceremony.inPerson`): the sender hosts the ceremony on their device. Between
 * signers the device goes back to the host, who hands it to the next signer whose turn it is; that
 * signer confirms who they are before seeing anything.
 */
export function HandOverScreen({ view, packageId, onConfirmed }: { view: CeremonyView; packageId: string; onConfirmed: (roleId: string) => void }) {
  const host = view.host!;
  const t = useTranslations();
  const queryClient = useQueryClient();
  const handOver = useCeremonyAction(packageId, (roleId: string) => handDeviceTo(packageId, roleId));
  const current = view.progress.completed ? null : host.signers.find((signer) => signer.roleId === view.signer.roleId && signer.turn);
  const waiting = host.signers.filter((signer) => signer.turn && !signer.completed);

  if (waiting.length === 0 && host.signers.every((signer) => signer.completed)) {
    return (
      <MessageScreen title={t("ending.everyoneSignedTitle")} tone="success">
        <p>{t("ending.everyoneSignedOnDeviceClose", { packageName: view.package.name })}</p>
      </MessageScreen>
    );
  }
  return (
    <MessageScreen title={current ? t("host.handTo", { name: current.name }) : t("host.whoNext")}>
      <p>
        {t("host.hosting", { hostName: host.name, packageName: view.package.name })} {current ? t("host.confirmIt", { name: current.name }) : t("host.chooseSigner")}
      </p>
      {current ? (
        <Button className="mt-4" onClick={() => onConfirmed(current.roleId)}>
          {t("host.start", { name: current.name })}
        </Button>
      ) : null}
      <SignerList host={host} currentRoleId={current?.roleId ?? null} busy={handOver.isPending} onChoose={(roleId) =>
        handOver.mutate(roleId, {
          // The next signer then confirms who they are, as the first one did.
          onSuccess: (answer) => queryClient.setQueryData(ceremonyKey(packageId), answer),
        })
      } />
      {handOver.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {handOver.error.message}
        </p>
      ) : null}
    </MessageScreen>
  );
}

function SignerList({ host, currentRoleId, busy, onChoose }: { host: Host; currentRoleId: string | null; busy: boolean; onChoose: (roleId: string) => void }) {
  const t = useTranslations("host");
  return (
    <ol className="mt-5 space-y-2" aria-label={t("signers")}>
      {host.signers.map((signer) => (
        <li key={signer.roleId} className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2">
          <span className="flex-1">
            <span className="block font-medium">{signer.name}</span>
            <span className="text-xs text-slate-600">{signer.completed ? t("signed") : signer.turn ? t("maySign") : t("signsLater")}</span>
          </span>
          {!signer.completed && signer.turn && signer.roleId !== currentRoleId ? (
            <Button variant="secondary" busy={busy} onClick={() => onChoose(signer.roleId)}>
              {t("handToButton", { name: signer.name })}
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
