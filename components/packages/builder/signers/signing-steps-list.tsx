"use client";

import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage, WireRole } from "@/lib/api/packages";
import { useToast } from "@/components/ui/toast";
import { useReorderRoles } from "@/lib/console/queries/package-builder";
import { signerColour, signingRoles } from "../signer-colours";
import { roleDisplayName } from "./role-labels";
import { SignerCard, SignerRow } from "./signer-row";
import { stepCollisionDetection, stepKeyboardCoordinates } from "./step-keyboard-coordinates";
import { changesOrder, moveToStep, orderOfSteps, stepOfRole, stepsOf, type StepTarget } from "./signing-steps";

const stepId = (step: number) => `step-${step}`;
const newStepId = (before: number) => `new-step-${before}`;

function targetOf(id: UniqueIdentifier | undefined): StepTarget | null {
  const text = String(id ?? "");
  const step = /^step-(\d+)$/.exec(text);
  if (step) return { kind: "step", step: Number(step[1]) };
  const gap = /^new-step-(\d+)$/.exec(text);
  if (gap) return { kind: "newStep", before: Number(gap[1]) };
  return null;
}

/** Where a dragged signer is, for the announcements: `target` of the drag.place message, with its step numbers. */
function placeOf(target: StepTarget, stepCount: number): { target: "step" | "newLast" | "newFirst" | "newBetween"; step: number; next: number } {
  if (target.kind === "step") return { target: "step", step: target.step + 1, next: 0 };
  if (target.before >= stepCount) return { target: "newLast", step: 0, next: 0 };
  if (target.before === 0) return { target: "newFirst", step: 0, next: 0 };
  return { target: "newBetween", step: target.before, next: target.before + 1 };
}

/**
 * A signer moved to another step is a new element there, so the keyboard focus (on the old
 * handle) would fall to the page: this puts it back on the moved signer's handle once it is drawn.
 */
function useFocusAfterMove(list: RefObject<HTMLOListElement | null>) {
  const pending = useRef<{ roleId: string; from: Element | null } | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const { roleId, from } = pending.current;
    const handle = list.current?.querySelector<HTMLElement>(`[data-role-id="${CSS.escape(roleId)}"] [data-testid="signer-drag-handle"]`);
    if (handle && handle !== from) {
      pending.current = null;
      handle.focus();
    }
  });
  return (roleId: string) => {
    pending.current = { roleId, from: document.activeElement };
  };
}

/**
 * The signing order as numbered steps: signers of one step sign at the same time, steps sign one
 * after another. Signers are dragged (mouse or keyboard) into another step, or between two steps
 * or after the last to make a new step; the new order is saved at once and rolled back if refused.
 */
export function SigningStepsList({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const t = useTranslations("console.builder.signers");
  const toast = useToast();
  const reorder = useReorderRoles(pkg.id);
  const roles = signingRoles(pkg);
  const steps = stepsOf(roles);
  const byId = new Map(roles.map((role) => [role.id, role]));
  const colourOf = (roleId: string) => signerColour(roles.findIndex((role) => role.id === roleId));
  const [activeId, setActiveId] = useState<string | null>(null);
  const draggable = roles.length > 1;
  const list = useRef<HTMLOListElement>(null);
  const focusAfterMove = useFocusAfterMove(list);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) => {
    const role = byId.get(String(id));
    return role ? (template ? role.name || role.id : roleDisplayName(role)) : t("theSigner");
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("drag.start", { name: nameOf(active.id), step: stepOfRole(steps, String(active.id)) + 1, count: steps.length }),
    onDragOver: ({ active, over }) => {
      const target = targetOf(over?.id);
      return target ? t("drag.over", { name: nameOf(active.id), ...placeOf(target, steps.length) }) : t("drag.notOver", { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      const target = targetOf(over?.id);
      if (!target || !changesOrder(steps, String(active.id), target)) return t("drag.droppedUnchanged", { name: nameOf(active.id) });
      return t("drag.dropped", { name: nameOf(active.id), ...placeOf(target, steps.length) });
    },
    onDragCancel: ({ active }) => t("drag.cancelled", { name: nameOf(active.id), step: stepOfRole(steps, String(active.id)) + 1 }),
  };

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setActiveId(null);
    const target = targetOf(over?.id);
    const roleId = String(active.id);
    if (!target || !changesOrder(steps, roleId, target)) return;
    const byKeyboard = activatorEvent instanceof KeyboardEvent;
    if (byKeyboard) focusAfterMove(roleId);
    reorder.mutate(orderOfSteps(moveToStep(steps, roleId, target)), {
      onError: (error) => {
        if (byKeyboard) focusAfterMove(roleId);
        toast.error(t("orderNotSaved", { reason: error.message }));
      },
    });
  };

  const activeRole = activeId ? byId.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={stepCollisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("drag.instructions") } }}
    >
      <ol ref={list} aria-label={t("steps")}>
        {steps.map((ids, step) => (
          <li key={ids.join(" ")} data-testid="signing-step" data-step={step + 1}>
            <StepBox step={step} stepCount={steps.length} signerCount={ids.length} dragging={activeId !== null}>
              <ul aria-label={t("signersOfStep", { step: step + 1 })} className="space-y-2">
                {ids.map((roleId) => (
                  <SignerRow
                    key={roleId}
                    role={byId.get(roleId)!}
                    colour={colourOf(roleId)}
                    stepId={stepId(step)}
                    packageId={pkg.id}
                    template={template}
                    draggable={draggable}
                  />
                ))}
              </ul>
            </StepBox>
            {draggable ? <NewStepGap before={step + 1} last={step === steps.length - 1} dragging={activeId !== null} /> : null}
          </li>
        ))}
      </ol>
      <DragOverlay dropAnimation={null}>
        {activeRole ? <DraggedSigner role={activeRole} colour={colourOf(activeRole.id)} template={template} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

function StepBox({ step, stepCount, signerCount, dragging, children }: { step: number; stepCount: number; signerCount: number; dragging: boolean; children: ReactNode }) {
  const t = useTranslations("console.builder.signers");
  const { setNodeRef, isOver } = useDroppable({ id: stepId(step) });
  const note = stepCount === 1 ? (signerCount > 1 ? t("everyoneAtOnce") : "") : step === 0 ? t("signsFirst") : t("afterStep", { step });
  return (
    <div
      ref={setNodeRef}
      data-testid="signing-step-area"
      className={`rounded-lg border-2 p-3 transition-colors ${isOver ? "border-sky-600 bg-sky-50" : dragging ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200 bg-slate-50"}`}
    >
      <h3 className="mb-2 flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900">
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-slate-800 text-xs text-white" aria-hidden>
          {step + 1}
        </span>
        {t("step", { step: step + 1 })}
        {note ? <span className="font-normal text-slate-600">{note}</span> : null}
        {signerCount > 1 && stepCount > 1 ? <span className="font-normal text-slate-600">· {t("signAtOnce", { count: signerCount })}</span> : null}
      </h3>
      {children}
    </div>
  );
}

/** Between two steps (or after the last): dropping here makes a new step in this place. */
function NewStepGap({ before, last, dragging }: { before: number; last: boolean; dragging: boolean }) {
  const t = useTranslations("console.builder.signers");
  const { setNodeRef, isOver } = useDroppable({ id: newStepId(before) });
  return (
    <div
      ref={setNodeRef}
      data-testid={last ? "new-last-step" : "new-step-gap"}
      className={`my-1 flex h-10 items-center justify-center rounded-md border-2 text-xs transition-colors ${
        isOver ? "border-sky-600 bg-sky-50 text-sky-900" : dragging ? "border-dashed border-slate-300 text-slate-600" : "border-transparent text-slate-600"
      }`}
    >
      {dragging ? (last ? t("dropNewLast") : t("dropNewBetween")) : last ? t("dragNewLast") : <span aria-hidden>{t("then")}</span>}
    </div>
  );
}

function DraggedSigner({ role, colour, template }: { role: WireRole; colour: ReturnType<typeof signerColour>; template: boolean }) {
  return (
    <div className="flex cursor-grabbing items-center gap-2 rounded-md border border-sky-600 bg-white p-2 shadow-lg" style={{ borderLeftColor: colour.solid, borderLeftWidth: 4 }}>
      <span aria-hidden className="flex h-10 w-8 items-center justify-center text-slate-600">
        ⠿
      </span>
      <SignerCard role={role} colour={colour} template={template} />
    </div>
  );
}
