/**
 * The rule every password meets (sign-up, sender activation): at least 8 characters with a letter
 * and a digit. The service's 400 says exactly this; the forms check it first, so the user hears at once.
 */
export function passwordWeakness(password: string): string | null {
  if (password.length < 8) return "The password must have at least 8 characters.";
  if (password.length > 200) return "The password must have at most 200 characters.";
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return "The password must contain a letter and a digit.";
  return null;
}
