"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { IntlRoot } from "@/components/i18n/intl-root";
import { CEREMONY_ENGLISH, CEREMONY_MESSAGES } from "@/lib/i18n/ceremony-messages";
import { resolveLocale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import { Button } from "@/components/ui/button";
import { CeremonyRequestError, takeGroupLock, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyAction, useCeremonyView } from "@/lib/ceremony/use-ceremony";
import { CeremonyEndingContext, FinishedText, HandoverLink, ThankYouText, type CeremonyEnding } from "./ceremony-ending";
import { CeremonyHeader } from "./ceremony-header";
import { ConsentStep } from "./consent-step";
import { DocumentsStep } from "./documents-step";
import { HandOverScreen } from "./host-screens";
import { OneTimeCodeStep } from "./one-time-code-step";
import { SignerAuthenticationStep } from "./signer-authentication-step";
import { CeremonyPdfTexts } from "./pdf-texts";
import { MessageScreen } from "./message-screen";
import { NotaryStep } from "./notary-step";
import { SignerCopyOffer } from "./signer-copy-offer";

/**
 * Where the signer is in the ceremony, decided from the service's view of them: finished, locked
 * out, waiting for their turn, waiting for another member of their group, then their own
 * authentication (questions, SMS code), verification, consent and the documents, in that order.
 */
export function CeremonyScreen({ packageId }: { packageId: string }) {
  const [ending, setEnding] = useState<CeremonyEnding | null>(null);
  // In person: the signer who confirmed they hold the host's device (see HandOverScreen).
  const [confirmedRoleId, setConfirmedRoleId] = useState<string | null>(null);
  const view = useCeremonyView(packageId, ending === null);
  // The view says the ceremony's language; English until it has answered. Only that language's messages are loaded.
  const locale = resolveLocale(view.data?.language);
  const messages = useQuery({
    queryKey: ["ceremony-messages", locale],
    queryFn: () => loadMessages(CEREMONY_MESSAGES, locale),
    initialData: locale === "en" ? CEREMONY_ENGLISH : undefined,
    staleTime: Infinity,
  });
  if (messages.isPending) {
    return (
      <IntlRoot locale="en" messages={CEREMONY_ENGLISH}>
        <OpeningScreen />
      </IntlRoot>
    );
  }
  // Messages that could not be loaded (the connection dropped): the ceremony goes on in English.
  return (
    <IntlRoot locale={messages.isError ? "en" : locale} messages={messages.data ?? CEREMONY_ENGLISH}>
      <CeremonyPdfTexts>
        <CeremonyContent packageId={packageId} view={view} ending={ending} setEnding={setEnding} confirmedRoleId={confirmedRoleId} setConfirmedRoleId={setConfirmedRoleId} />
      </CeremonyPdfTexts>
    </IntlRoot>
  );
}

interface CeremonyContentProps {
  packageId: string;
  view: ReturnType<typeof useCeremonyView>;
  ending: CeremonyEnding | null;
  setEnding: (ending: CeremonyEnding) => void;
  confirmedRoleId: string | null;
  setConfirmedRoleId: (roleId: string) => void;
}

function CeremonyContent({ packageId, view, ending, setEnding, confirmedRoleId, setConfirmedRoleId }: CeremonyContentProps) {
  const t = useTranslations("screen");
  if (ending) {
    return (
      <MessageScreen title={ending.title} tone={ending.tone}>
        <p>{ending.text}</p>
        <ThankYouText thankYou={ending.thankYou} />
        {ending.offerCopy ? <SignerCopyOffer packageId={packageId} /> : null}
        <HandoverLink handover={ending.handover} />
      </MessageScreen>
    );
  }
  if (view.isPending) {
    return <OpeningScreen />;
  }
  // A refresh that failed for want of a connection keeps what the signer has on screen (and filled in).
  if (view.isError && !(view.data && isTransient(view.error))) return <RefusalScreen error={view.error} onRetry={() => view.refetch()} />;
  return (
    <CeremonyEndingContext value={setEnding}>
      {view.isError ? (
        <p role="alert" className="fixed inset-x-0 top-0 z-40 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 shadow">
          {t("connectionLost")}
        </p>
      ) : null}
      {view.data.host && (view.data.progress.completed || confirmedRoleId !== view.data.signer.roleId) ? (
        <HandOverScreen view={view.data} packageId={packageId} onConfirmed={setConfirmedRoleId} />
      ) : (
        <CeremonyStep view={view.data} packageId={packageId} />
      )}
    </CeremonyEndingContext>
  );
}

function OpeningScreen() {
  const t = useTranslations("screen");
  return (
    <MessageScreen title={t("openingTitle")}>
      <p>{t("openingText")}</p>
    </MessageScreen>
  );
}

function isTransient(error: Error): boolean {
  return error instanceof CeremonyRequestError && (error.status === 0 || error.status >= 500);
}

function RefusalScreen({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useTranslations();
  const status = error instanceof CeremonyRequestError ? error.status : 0;
  const title = t("screen.refusalTitle", { status: status === 401 ? "unauthorized" : status === 409 ? "closed" : status === 0 ? "offline" : "other" });
  return (
    <MessageScreen title={title}>
      <p>{error.message}</p>
      {status === 0 || status >= 500 ? (
        <Button className="mt-4" onClick={onRetry}>
          {t("common.tryAgain")}
        </Button>
      ) : null}
    </MessageScreen>
  );
}

function CeremonyStep({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const t = useTranslations("screen");
  const tAuthentication = useTranslations("authentication");
  const { progress } = view;
  if (progress.completed) {
    return (
      <MessageScreen title={view.signer.group ? t("groupSignedTitle") : t("signedTitle")} tone="success">
        <p>
          <FinishedText view={view} />
        </p>
        <ThankYouText thankYou={view.package.thankYou} />
        {view.host ? null : <SignerCopyOffer packageId={packageId} />}
        <HandoverLink handover={view.package.handover} />
      </MessageScreen>
    );
  }
  if (progress.locked) {
    const byAuthentication = progress.authentication && !progress.authentication.passed;
    return (
      <MessageScreen title={t("lockedTitle")} tone="danger">
        <p>{byAuthentication ? tAuthentication("lockedText", { packageName: view.package.name }) : t("lockedText", { packageName: view.package.name })}</p>
      </MessageScreen>
    );
  }
  if (!progress.mayStart) {
    return (
      <MessageScreen title={t("notYourTurnTitle")}>
        <p>{t.rich("notYourTurnText", { packageName: view.package.name, waitingFor: progress.waitingFor.join(", "), strong: (chunks) => <strong>{chunks}</strong> })}</p>
      </MessageScreen>
    );
  }
  if (progress.groupLock && !progress.groupLock.heldByYou) return <GroupLockGate view={view} packageId={packageId} />;
  return (
    <div className="flex h-dvh flex-col">
      <CeremonyHeader view={view} packageId={packageId} />
      <main className="flex min-h-0 flex-1 flex-col">
        {progress.authentication && !progress.authentication.passed ? (
          <SignerAuthenticationStep view={view} packageId={packageId} authentication={progress.authentication} />
        ) : progress.verification && !progress.verification.passed ? (
          <OneTimeCodeStep view={view} packageId={packageId} />
        ) : !progress.consentAccepted ? (
          <ConsentStep view={view} packageId={packageId} />
        ) : view.notary && !view.notary.adopted ? (
          <NotaryStep view={view} notary={view.notary} packageId={packageId} />
        ) : (
          <DocumentsStep view={view} packageId={packageId} />
        )}
      </main>
      {progress.groupLock ? <GroupLockKeeper packageId={packageId} /> : null}
    </div>
  );
}

const GROUP_LOCK_RETRY_MS = 5_000;

/**
 * Spec 2.9: a group's members share one signature; the first to open takes the lock. Opening
 * the page asks for it at once; a member who does not get it sees who is signing.
 */
function GroupLockGate({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const t = useTranslations();
  const lock = useCeremonyAction(packageId, () => takeGroupLock(packageId));
  const { mutate } = lock;
  const asked = useRef(false);
  // The last answer was "another member holds it": kept while asking again, so the page does not flicker.
  const [heldByAnother, setHeldByAnother] = useState(false);
  const heldBy = view.progress.groupLock?.heldBy;
  const until = view.progress.groupLock?.until;
  const ask = useCallback(
    () =>
      mutate(undefined, {
        onSuccess: () => setHeldByAnother(false),
        onError: (error) => setHeldByAnother(error instanceof CeremonyRequestError && error.code === "error.conflict.groupLocked"),
      }),
    [mutate],
  );
  // Asked once on opening: the service decides who gets the lock (first come, first served).
  useEffect(() => {
    if (!asked.current) {
      asked.current = true;
      ask();
    }
  }, [ask]);
  // While another member signs, asked again every few seconds: the page moves on by itself when
  // they leave (the lock runs out) or finish (each answer refreshes the view, which then says so).
  useEffect(() => {
    if (!heldByAnother) return;
    const timer = window.setInterval(ask, GROUP_LOCK_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [heldByAnother, ask]);
  if (!heldByAnother && !lock.isError) {
    return <OpeningScreen />;
  }
  const holder = heldBy ?? t("screen.anotherMember");
  const explained = { packageName: view.package.name, groupName: view.signer.group?.name ?? t("screen.yourGroup"), holder };
  return (
    <MessageScreen title={heldByAnother ? t("screen.memberSigningTitle", { holder }) : t("screen.groupLockFailedTitle")}>
      {heldByAnother ? (
        <p>{until ? t("screen.memberSigningTextUntil", { ...explained, until: new Date(until) }) : t("screen.memberSigningText", explained)}</p>
      ) : (
        <p>{lock.error?.message}</p>
      )}
      <Button className="mt-4" variant="secondary" busy={lock.isPending} onClick={ask}>
        {t("common.tryAgain")}
      </Button>
    </MessageScreen>
  );
}

/** Keeps a group member's lock while they are active on the page: renewed after activity, left to run out when idle. */
function GroupLockKeeper({ packageId }: { packageId: string }) {
  const lastActivity = useRef(0);
  useEffect(() => {
    lastActivity.current = Date.now();
    const active = () => {
      lastActivity.current = Date.now();
    };
    // Reading a long document with the mouse wheel is activity too.
    const events = ["pointerdown", "keydown", "wheel"] as const;
    for (const name of events) window.addEventListener(name, active, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current < 5 * 60_000) void takeGroupLock(packageId).catch(() => undefined);
    }, 2 * 60_000);
    return () => {
      for (const name of events) window.removeEventListener(name, active);
      window.clearInterval(timer);
    };
  }, [packageId]);
  return null;
}
