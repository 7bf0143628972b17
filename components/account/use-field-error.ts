"use client";

import { useTranslations } from "use-intl";

/**
 * The account forms check their fields with the API's own schemas (lib/api), whose messages are
 * the service's English ("is required"). This says the ones a form can meet in the user's
 * language; any other is shown as the schema wrote it.
 */
const KNOWN_MESSAGES: Record<string, "required" | "notEmpty" | "email"> = {
  "is required": "required",
  "must not be empty": "notEmpty",
  "must be an e-mail address": "email",
};

export function useFieldError(): (error: { message?: string; type?: string } | undefined) => string | undefined {
  const t = useTranslations("console.account");
  return (error) => {
    if (!error?.message) return undefined;
    const known = KNOWN_MESSAGES[error.message];
    if (known) return t(`fieldErrors.${known}`);
    // A maximum length, whether the schema wrote its message or zod did ("… <=100 characters").
    const max = error.type === "too_big" ? /(\d+)/.exec(error.message)?.[1] : undefined;
    if (max) return t("fieldErrors.tooLong", { max: Number(max) });
    return error.message;
  };
}
