/** What a password lacks against the rule; the console says it in the user's language (console.auth.passwordRule). */
export type PasswordWeakness = "tooShort" | "tooLong" | "letterAndDigit";

const WEAKNESS_MESSAGES: Record<PasswordWeakness, string> = {
  tooShort: "The password must have at least 8 characters.",
  tooLong: "The password must have at most 200 characters.",
  letterAndDigit: "The password must contain a letter and a digit.",
};

/**
 * The rule every password meets (sign-up, sender activation): at least 8 characters with a letter
 * and a digit. The service's 400 says exactly this; the forms check it first, so the user hears at once.
 */
export function passwordWeaknessOf(password: string): PasswordWeakness | null {
  if (password.length < 8) return "tooShort";
  if (password.length > 200) return "tooLong";
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return "letterAndDigit";
  return null;
}

/** The service's words for what the password lacks (its 400), or null when it meets the rule. */
export function passwordWeakness(password: string): string | null {
  const weakness = passwordWeaknessOf(password);
  return weakness ? WEAKNESS_MESSAGES[weakness] : null;
}
