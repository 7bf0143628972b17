"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { RefusalOption } from "@/lib/api/signing";
import { declinePackage, optOut, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyEnding } from "./ceremony-ending";
import { DelegateDialog } from "./delegate-dialog";
import { HelpButton } from "./help-dialog";

type Refusal = "decline" | "opt-out";

/** Each refusal's texts, under header.<key> in the ceremony's messages. */
const REFUSALS = ["decline", "opt-out"] as const satisfies Refusal[];
const MESSAGE_KEYS = { decline: "decline", "opt-out": "optOut" } as const satisfies Record<Refusal, string>;

/** The ceremony's top bar: what is being signed and by whom, and the ways out (decline, opt out, delegate). */
export function CeremonyHeader({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [delegating, setDelegating] = useState(false);
  const t = useTranslations("header");
  const options: Record<Refusal, RefusalOption> = { decline: view.package.refusals.decline, "opt-out": view.package.refusals.optOut };
  // Before the signer has passed their own authentication, the service refuses every way out too.
  const authenticated = !view.progress.authentication || view.progress.authentication.passed;
  const actions: MenuAction[] = authenticated
    ? REFUSALS.filter((kind) => options[kind].allowed).map((kind) => ({ label: t(`${MESSAGE_KEYS[kind]}.title`), choose: () => setRefusal(kind) }))
    : [];
  if (authenticated && view.signer.reassign && !view.host) actions.push({ label: t("delegate"), choose: () => setDelegating(true) });
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold">{view.package.name}</h1>
        <p className="truncate text-xs text-slate-600">
          {view.signer.group ? t("signingAsFor", { signerName: view.signer.name, groupName: view.signer.group.name }) : t("signingAs", { signerName: view.signer.name })}
        </p>
        <VirtualRoomLine room={view.package.virtualRoom} />
      </div>
      <HelpButton view={view} />
      {actions.length ? <MoreMenu actions={actions} /> : null}
      <Dialog open={refusal !== null} onClose={() => setRefusal(null)} title={refusal ? t(`${MESSAGE_KEYS[refusal]}.title`) : ""}>
        {refusal ? <RefusalForm kind={refusal} option={options[refusal]} packageId={packageId} onCancel={() => setRefusal(null)} /> : null}
      </Dialog>
      <DelegateDialog open={delegating} packageId={packageId} onClose={() => setDelegating(false)} />
    </header>
  );
}

/** The package's virtual room: when the hosted signing session starts (UTC) and who hosts it, or that you do. */
function VirtualRoomLine({ room }: { room: CeremonyView["package"]["virtualRoom"] }) {
  const t = useTranslations("header");
  if (!room) return null;
  const start = room.startDatetime ? `${room.startDatetime.slice(0, 10)} ${room.startDatetime.slice(11, 16)} UTC` : t("virtualRoomUnscheduled");
  return (
    <p className="truncate text-xs font-medium text-indigo-700" data-testid="virtual-room">
      {room.youHost ? t("virtualRoomHost", { start }) : t("virtualRoom", { start, hostName: room.hostName || "—" })}
    </p>
  );
}

interface MenuAction {
  label: string;
  choose: () => void;
}

/**
 * The "More" menu button (the ARIA menu button pattern): opening it focuses the first item; arrow
 * keys, Home and End move between items; Escape, Tab or a click elsewhere close it. Choosing an
 * item gives focus back to the button first, so a dialog the item opens returns focus there.
 */
function MoreMenu({ actions }: { actions: MenuAction[] }) {
  const t = useTranslations("header");
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    window.document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => window.document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>("[role=menuitem]")];
    const at = items.indexOf(window.document.activeElement as HTMLElement);
    const targets: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (event.key === "Escape") close();
    else if (event.key === "Tab") setOpen(false);
    else if (event.key in targets) items[(targets[event.key]! + items.length) % items.length]?.focus();
    else return;
    if (event.key !== "Tab") event.preventDefault();
  }

  return (
    <div className="relative">
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t("more")}
      </Button>
      {open ? (
        <ul ref={menuRef} id={menuId} role="menu" aria-label={t("more")} className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg" onKeyDown={moveFocus}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                role="menuitem"
                type="button"
                tabIndex={-1}
                className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
                onClick={() => {
                  close();
                  action.choose();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const OTHER = "\u0000other";

/**
 * Declining or opting out, with the reason the service requires: one of the sender's listed
 * reasons, or the signer's own words (unless the sender allows only the listed ones); a new form
 * (empty, no old error) each time the dialog opens.
 */
function RefusalForm({ kind, option, packageId, onCancel }: { kind: Refusal; option: RefusalOption; packageId: string; onCancel: () => void }) {
  const [choice, setChoice] = useState(option.reasons.length ? "" : OTHER);
  const [ownWords, setOwnWords] = useState("");
  const end = useCeremonyEnding();
  const t = useTranslations();
  const key = MESSAGE_KEYS[kind];
  const reason = choice === OTHER ? ownWords : choice;
  const refuse = useMutation<unknown, Error, string>({
    mutationFn: (given) => (kind === "decline" ? declinePackage(packageId, given) : optOut(packageId, given)),
    onSuccess: () => end({ title: t(`header.${key}.endedTitle`), text: t(`header.${key}.ended`) }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    refuse.mutate(reason);
  }
  return (
    <form onSubmit={submit}>
      <p className="text-sm text-slate-700">{t(`header.${key}.explanation`)}</p>
      {option.reasons.length ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">{t(`header.${key}.label`)}</legend>
          {[...option.reasons, ...(option.otherAllowed ? [OTHER] : [])].map((value) => (
            <label key={value} className="mt-2 flex items-center gap-2 text-sm">
              <input type="radio" name="refusal-choice" value={value} checked={choice === value} onChange={() => setChoice(value)} />
              {value === OTHER ? t("header.anotherReason") : value}
            </label>
          ))}
        </fieldset>
      ) : null}
      {choice === OTHER ? (
        <>
          <label htmlFor="refusal-reason" className="mt-4 block text-sm font-medium">
            {option.reasons.length ? t("header.yourReason") : t(`header.${key}.label`)}
          </label>
          <textarea
            id="refusal-reason"
            required
            maxLength={4000}
            rows={4}
            value={ownWords}
            onChange={(event) => setOwnWords(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-sky-600"
          />
          <p className="mt-1 text-xs text-slate-500">{t("header.characters", { count: ownWords.length, max: 4000 })}</p>
        </>
      ) : null}
      {refuse.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {refuse.error.message}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="danger" busy={refuse.isPending} disabled={!reason.trim()}>
          {t(`header.${key}.confirm`)}
        </Button>
      </div>
    </form>
  );
}
