import type { Contracts } from "@/lib/console/load-contracts";

/** The words a form's checks speak: `useTranslations("console.integrations.validation")`. */
export type ValidationWords = (key: string, values?: Record<string, number>) => string;

/**
 * A callback registration as the console's forms check it: the contract's rules
 * (`callbackRequest` in lib/api/callbacks.ts, which the service checks again), in the user's words.
 * Built from the contracts once they have loaded (`contractResolver`, lib/console/contract-resolver.ts).
 */
export function callbackForm({ z }: Contracts, t: ValidationWords) {
  const required = t("required");
  return z.object({
    url: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : t("notString")) })
      .trim()
      .min(1, required)
      .max(2048, t("atMost", { max: 2048 })),
    key: z
      .string(t("notString"))
      .max(255, t("atMost", { max: 255 }))
      .nullish()
      .transform((value) => value || undefined),
    events: z
      .array(z.string(t("eventName")), { error: (issue) => (issue.input === undefined || issue.input === null ? required : t("eventList")) })
      .min(1, t("atLeastOneEvent")),
  });
}

/** A connector as its form edits it: the registration with its name (as the service checks it). */
export function connectorForm(contracts: Contracts, t: ValidationWords) {
  const { z } = contracts;
  return callbackForm(contracts, t).extend({
    name: z
      .string(t("required"))
      .trim()
      .min(1, t("required"))
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, t("connectorName")),
  });
}

/** A client application's name (`clientAppRequest` in lib/api/client-apps.ts), in the user's words. */
export function clientAppForm({ z }: Contracts, t: ValidationWords) {
  const required = t("required");
  return z.object({
    name: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : t("notString")) })
      .trim()
      .min(1, required)
      .max(100, t("atMost", { max: 100 })),
  });
}

/** The header a program sends with an API key or a callback key; shown as it is written, in every language. */
export const BASIC_AUTHORIZATION = "Authorization: Basic <key>";
