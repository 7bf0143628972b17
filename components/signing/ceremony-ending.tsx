"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { CeremonyView } from "@/lib/ceremony/ceremony-requests";

export interface CeremonyEnding {
  title: string;
  text: ReactNode;
  tone?: "neutral" | "success";
  /** Where to go on (the package's or the account's hand-over link), once the signer signed. */
  handover?: CeremonyView["package"]["handover"];
  /** The signer signed: offer their copy (SignerCopyOffer). */
  offerCopy?: boolean;
  /** The signer signed: the closing text (the package's, else the account's, else Signet's). */
  thankYou?: CeremonyView["package"]["thankYou"];
}

/** The closing text the sender (or the account) wrote for signers who finished, in the signer's language where given. */
export function ThankYouText({ thankYou }: { thankYou: CeremonyView["package"]["thankYou"] | undefined }) {
  if (!thankYou?.body) return null;
  return (
    <section className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-4" aria-label={thankYou.title || undefined} lang={thankYou.language} data-testid="thank-you">
      {thankYou.title ? <h2 className="font-semibold text-emerald-950">{thankYou.title}</h2> : null}
      <p className="whitespace-pre-line text-emerald-950">{thankYou.body}</p>
    </section>
  );
}

/** The hand-over link the sender set: where the signer goes on from the ceremony. */
export function HandoverLink({ handover }: { handover: CeremonyView["package"]["handover"] | undefined }) {
  const t = useTranslations("common");
  if (!handover) return null;
  return (
    <p className="mt-4">
      <a href={handover.href} title={handover.title || undefined} className="inline-block rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800" data-testid="handover-link">
        {handover.text || t("continue")}
      </a>
    </p>
  );
}

/**
 * How a step ends the ceremony for good (signed the last document, declined, opted out): the
 * screen shows the ending instead of asking the service again, which may only answer that the
 * package is closed (completed, declined).
 */
export const CeremonyEndingContext = createContext<(ending: CeremonyEnding) => void>(() => undefined);

export function useCeremonyEnding() {
  return useContext(CeremonyEndingContext);
}

/**
 * What a signer reads once they have done everything (a group's member: once one member signed for
 * the group). What comes next is said only where it is so: on their own device the copy offer
 * says it (by e-mail once everyone has signed, or the download when they were the last), and in a
 * signing hosted in person, the documents are sealed later only while someone there still signs.
 */
export function FinishedText({ view }: { view: CeremonyView }) {
  const t = useTranslations("ending");
  const recorded = view.signer.group
    ? t("groupRecorded", { groupName: view.signer.group.name, packageName: view.package.name })
    : t("recorded", { signerName: view.signer.name, packageName: view.package.name });
  const othersStillSign = view.host?.signers.some((signer) => !signer.completed && signer.roleId !== view.signer.roleId) ?? false;
  return othersStillSign ? `${recorded} ${t("sealedLater")}` : recorded;
}
