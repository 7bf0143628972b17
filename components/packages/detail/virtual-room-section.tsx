"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import type { VirtualRoomResponse } from "@/lib/api/virtual-room";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { failureMessage } from "@/lib/console/queries/package-actions";
import { useSaveVirtualRoom, useVirtualRoom } from "@/lib/console/queries/package-detail";
import { signingRoles } from "@/lib/console/queries/package-progress";
import { Section } from "./section";

/** `2030-01-31T14:00:00.000Z` as a datetime-local value in UTC (`2030-01-31T14:00`), and back. */
const toInput = (iso?: string) => (iso ? iso.slice(0, 16) : "");
const fromInput = (value: string) => (value ? `${value}:00Z` : undefined);

function roleName(role: WirePackage["roles"][number]): string {
  const signer = role.signers?.[0] as { firstName?: string; lastName?: string; email?: string } | undefined;
  return [signer?.firstName, signer?.lastName].filter(Boolean).join(" ") || signer?.email || role.name || role.id;
}

function senderName(sender: WirePackage["sender"]): string {
  return [sender.firstName, sender.lastName].filter(Boolean).join(" ") || sender.email || sender.id;
}

/**
 * The package's virtual room: when the hosted signing session starts (UTC) and who hosts it, one
 * of its signers or its sender (by their user id, as the API takes it). Invitations sent
 * afterwards carry it and the ceremony shows it. No video runs here.
 */
export function VirtualRoomSection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packageDetail.virtualRoom");
  const query = useVirtualRoom(pkg.id);
  let body;
  if (query.isPending) body = <LoadingState label={t("loading")} />;
  else if (query.error) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else body = <VirtualRoomForm pkg={pkg} room={query.data} />;
  return (
    <Section title={t("title")} testId="virtual-room">
      {body}
    </Section>
  );
}

function VirtualRoomForm({ pkg, room }: { pkg: WirePackage; room: VirtualRoomResponse }) {
  const t = useTranslations("console.packageDetail.virtualRoom");
  const toast = useToast();
  const save = useSaveVirtualRoom(pkg.id);
  const [start, setStart] = useState(toInput(room.startDatetime));
  const [host, setHost] = useState(room.hostUid ?? "");
  const changeable = !pkg.trashed && (pkg.status === "DRAFT" || pkg.status === "SENT");
  const hosts = signingRoles(pkg);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { video: room.video, videoRecording: room.videoRecording, startDatetime: fromInput(start), hostUid: host || undefined },
      { onSuccess: () => toast.success(t("saved")) },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t("title")} data-testid="virtual-room-form">
      <p className="text-sm text-slate-700">{t("text")}</p>
      <Refusal message={save.error ? failureMessage(save.error) : null} testId="virtual-room-error" />
      <TextField label={t("start")} type="datetime-local" value={start} onChange={(event) => setStart(event.target.value)} disabled={!changeable} />
      <SelectField label={t("host")} value={host} onChange={(event) => setHost(event.target.value)} disabled={!changeable}>
        <option value="">{t("noHost")}</option>
        {pkg.sender.id ? <option value={pkg.sender.id}>{t("senderHost", { name: senderName(pkg.sender) })}</option> : null}
        {hosts.map((role) => (
          <option key={role.id} value={role.id}>
            {roleName(role)}
          </option>
        ))}
      </SelectField>
      {changeable ? (
        <Button type="submit" busy={save.isPending} data-testid="save-virtual-room">
          {t("save")}
        </Button>
      ) : null}
    </form>
  );
}
