import type { MessageLoaders } from "./messages";
import english from "@/messages/ceremony/en.json";

/** The signing ceremony's messages (messages/ceremony/): English at hand, the others loaded when a signer needs them. */
export const CEREMONY_ENGLISH = english;
export type CeremonyMessages = typeof english;

export const CEREMONY_MESSAGES: MessageLoaders = {
  en: async () => ({ default: english }),
  fr: () => import("@/messages/ceremony/fr.json"),
  de: () => import("@/messages/ceremony/de.json"),
  es: () => import("@/messages/ceremony/es.json"),
  nl: () => import("@/messages/ceremony/nl.json"),
  it: () => import("@/messages/ceremony/it.json"),
  pt: () => import("@/messages/ceremony/pt.json"),
  ja: () => import("@/messages/ceremony/ja.json"),
};
