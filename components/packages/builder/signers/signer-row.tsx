"use client";

import { useDraggable } from "@dnd-kit/core";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { WireRole } from "@/lib/api/packages";
import { Button } from "@/components/ui/button";
import { GripIcon } from "../documents/document-row";
import type { SignerColour } from "../signer-colours";
import { EditSignerDialog, RemoveRoleDialog } from "./signer-dialogs";
import { roleDisplayName, signerOf, useRoleDetail } from "./role-labels";

/** How the signer authenticates before seeing the documents, when more than their link. */
function authenticationOf(role: WireRole): "CHALLENGE" | "SMS" | null {
  const scheme = (role.signers[0]?.auth as { scheme?: string } | undefined)?.scheme;
  return scheme === "CHALLENGE" || scheme === "SMS" ? scheme : null;
}

/** What a signer looks like, in its step and under the pointer while dragged. */
export function SignerCard({ role, colour, template }: { role: WireRole; colour: SignerColour; template: boolean }) {
  const t = useTranslations("console.builder");
  const roleDetail = useRoleDetail();
  const missing = !template && !signerOf(role)?.email;
  const authentication = authenticationOf(role);
  return (
    <div className="flex min-w-0 flex-1 basis-40 items-center gap-3">
      <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: colour.solid }} title={t(`colours.${colour.name}`)} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900" data-testid="signer-name">
          {template ? role.name || role.id : roleDisplayName(role)}
        </p>
        <p className={`truncate text-xs ${missing ? "font-medium text-amber-800" : "text-slate-600"}`}>
          {template ? t("signers.placeholderDetail") : roleDetail(role)}
          {!template && role.type !== "SENDER" ? <span className="text-slate-600"> · {t("signers.roleName", { role: role.name || role.id })}</span> : null}
          {authentication ? <span className="text-slate-600"> · {t(`signers.authenticationShort.${authentication}`)}</span> : null}
        </p>
      </div>
    </div>
  );
}

/** One signer in a step: a drag handle (mouse and keyboard), who they are, edit and remove. */
export function SignerRow({
  role,
  colour,
  stepId,
  packageId,
  template,
  draggable,
}: {
  role: WireRole;
  colour: SignerColour;
  stepId: string;
  packageId: string;
  template: boolean;
  draggable: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: role.id, data: { stepId }, disabled: !draggable });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const t = useTranslations("console.builder.signers");
  const name = template ? role.name || role.id : roleDisplayName(role);
  const signer = signerOf(role);
  const editable = role.type !== "SENDER" && !signer?.group;
  return (
    <li
      ref={setNodeRef}
      data-testid="signer-row"
      data-role-id={role.id}
      className={`flex flex-wrap items-center gap-2 rounded-md border bg-white p-2 sm:flex-nowrap ${isDragging ? "border-dashed border-slate-400 opacity-50" : "border-slate-200"}`}
      style={{ borderLeftColor: colour.solid, borderLeftWidth: 4 }}
    >
      {draggable ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={t("reorder", { name })}
          data-testid="signer-drag-handle"
          className="flex h-10 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 active:cursor-grabbing aria-pressed:bg-sky-50"
        >
          <GripIcon />
        </button>
      ) : null}
      <SignerCard role={role} colour={colour} template={template} />
      <div className="ml-auto flex shrink-0 gap-1">
        {editable ? (
          <Button variant="ghost" className="px-2" onClick={() => setEditing(true)}>
            {template ? t("rename") : signer?.email ? t("edit") : t("addSigner")}
            <span className="sr-only"> {name}</span>
          </Button>
        ) : null}
        <Button variant="ghost" className="px-2 text-rose-800" onClick={() => setRemoving(true)}>
          {t("remove")}
          <span className="sr-only"> {name}</span>
        </Button>
      </div>
      {editing ? <EditSignerDialog role={role} packageId={packageId} template={template} onClose={() => setEditing(false)} /> : null}
      <RemoveRoleDialog role={role} name={name} packageId={packageId} open={removing} onClose={() => setRemoving(false)} />
    </li>
  );
}
