import type { AbstractIntlMessages } from "use-intl";
import type { MessageLoaders } from "./messages";
import english from "@/messages/ceremony/en.json";
import uiEnglish from "@/messages/console/ui/en.json";

/**
 * The signing ceremony's messages (messages/ceremony/): English at hand, the others loaded when a
 * signer needs them. Each comes with the shared components' own words (messages/console/ui, as
 * `console.ui`), which the console holds too, so that a components/ui part speaks in both.
 */
export const CEREMONY_ENGLISH = { ...english, console: { ui: uiEnglish } };
export type CeremonyMessages = typeof english;

async function withSharedWords(ceremony: Promise<{ default: AbstractIntlMessages }>, ui: Promise<{ default: AbstractIntlMessages }>) {
  const [own, shared] = await Promise.all([ceremony, ui]);
  return { default: { ...own.default, console: { ui: shared.default } } };
}

export const CEREMONY_MESSAGES: MessageLoaders = {
  en: async () => ({ default: CEREMONY_ENGLISH }),
  fr: () => withSharedWords(import("@/messages/ceremony/fr.json"), import("@/messages/console/ui/fr.json")),
  de: () => withSharedWords(import("@/messages/ceremony/de.json"), import("@/messages/console/ui/de.json")),
  es: () => withSharedWords(import("@/messages/ceremony/es.json"), import("@/messages/console/ui/es.json")),
  nl: () => withSharedWords(import("@/messages/ceremony/nl.json"), import("@/messages/console/ui/nl.json")),
  it: () => withSharedWords(import("@/messages/ceremony/it.json"), import("@/messages/console/ui/it.json")),
  pt: () => withSharedWords(import("@/messages/ceremony/pt.json"), import("@/messages/console/ui/pt.json")),
  ja: () => withSharedWords(import("@/messages/ceremony/ja.json"), import("@/messages/console/ui/ja.json")),
};
