"use client";

import { createContext, useContext } from "react";
import type { CeremonyView } from "@/lib/ceremony/ceremony-requests";

export interface CeremonyEnding {
  title: string;
  text: string;
  tone?: "neutral" | "success";
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

/** What a signer reads once they have done everything (a group's member: once one member signed for the group). */
export function finishedText(view: CeremonyView): string {
  const recorded = view.signer.group ? `The signature of ${view.signer.group.name} on “${view.package.name}” is recorded; there is nothing left for you to do.` : `Thank you, ${view.signer.name}. Your signature on “${view.package.name}” is recorded.`;
  return `${recorded} When everyone has signed, the documents are sealed and the sender is told.`;
}
