import { z } from "zod";
import { SHIPPED_LOCALES } from "@/lib/i18n/locales";

export const signUpRequest = z.object({
  accountName: z.string().trim().min(1, "is required").max(200),
  email: z.email("must be an e-mail address").max(254),
  firstName: z.string().trim().min(1, "is required").max(100),
  lastName: z.string().trim().min(1, "is required").max(100),
  password: z.string(),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const signUpResponse = z.object({ accountId: z.string(), userId: z.string(), apiKey: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponse>;

/** When the service can send e-mail: the same answer for a new e-mail and a registered one, so that it tells nobody who has an account. */
export const signUpRequestedResponse = z.object({ message: z.string() });
export type SignUpRequestedResponse = z.infer<typeof signUpRequestedResponse>;

/**
 * `POST /api/signup/confirm` (our extension): the token of the e-mailed confirmation link, and the
 * password given at sign-up, so that a link creates the account only for whoever chose it.
 */
export const signUpConfirmation = z.object({ token: z.string().max(200), password: z.string().min(1, "is required").max(1024) });
export type SignUpConfirmation = z.infer<typeof signUpConfirmation>;

const sessionUser = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });

/**
 * `GET /api/session`: the original's Session (its user as a User, the delegation user, no
 * packages, neither in person nor certificate signing), with the account. The members past who
 * and where are optional here so that the console reads a compatible service that leaves them out.
 */
export const sessionResponse = z.object({
  user: sessionUser.extend({
    name: z.string().optional(),
    company: z.string().optional(),
    timezoneId: z.string().optional(),
    /** The user's language (e-mails about their packages). */
    language: z.string().optional(),
    /** Our extension: the console's language the user chose; absent (or null from older answers): their browser's. */
    consoleLanguage: z.string().nullable().optional(),
    created: z.string().optional(),
    updated: z.string().optional(),
    professionalIdentityFields: z.array(z.unknown()).optional(),
    userCustomFields: z.array(z.unknown()).optional(),
  }),
  /** Whom the session acts for: the user themselves (Signet has no sender delegation). */
  delegationUser: z.object({ id: z.string(), name: z.string() }).optional(),
  packages: z.array(z.string()).optional(),
  inPerson: z.boolean().optional(),
  certificateSigning: z.boolean().optional(),
  /** The original's Account; the console needs its id and name. */
  account: z.looseObject({ id: z.string(), name: z.string() }),
  /**
   * Our extension: what the key's roles allow in this account, as `<area>.<permission>` names.
   * Absent from compatible services that do not say; the console then offers everything and
   * shows the service's refusals.
   */
  permissions: z.array(z.string()).optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/**
 * `POST /api/signin` (our extension): the console's sign-in. The e-mail is not checked for shape:
 * an address that is no user's is refused like a wrong password, not as invalid input.
 */
export const signInRequest = z.object({
  email: z.string().trim().min(1, "is required").max(254),
  password: z.string().min(1, "is required").max(1024),
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** `POST /api/authenticationTokens/user` (the original's AuthenticationToken): the caller's own sign-in to the console, once, for 30 minutes. */
export const userAuthenticationTokenResponse = z.object({ value: z.string() });
export type UserAuthenticationTokenResponse = z.infer<typeof userAuthenticationTokenResponse>;

/** `POST /api/signin/authenticationToken` (our extension): the console redeems a user authentication token. */
export const userAuthenticationTokenRedemption = z.object({ authenticationToken: z.string().min(1, "is required").max(200) });
export type UserAuthenticationTokenRedemption = z.infer<typeof userAuthenticationTokenRedemption>;

/**
 * `PUT /api/user/language` (our extension): the console's language for the caller's own user, one
 * of the languages Signet ships, or null to follow the browser.
 */
export const consoleLanguageChange = z.object({
  language: z.enum(SHIPPED_LOCALES, { error: `must be one of ${SHIPPED_LOCALES.join(", ")}, or null for the browser's language` }).nullable(),
});
export type ConsoleLanguageChange = z.infer<typeof consoleLanguageChange>;

/** The user's language (e-mails) and console language after the change. */
export const consoleLanguageResponse = z.object({ language: z.string(), consoleLanguage: z.string().nullable() });
export type ConsoleLanguageResponse = z.infer<typeof consoleLanguageResponse>;

/** A sign-in key of the user (lib/esign/accounts/sign-in-keys.ts), with who and where, as `GET /api/session` answers. */
export const signInResponse = z.object({
  apiKey: z.string(),
  user: sessionUser,
  account: sessionResponse.shape.account,
});
export type SignInResponse = z.infer<typeof signInResponse>;

/** `POST /api/signin/senderAuthenticationToken` (our extension): the console redeems a designer token (a sender authentication token for a DRAFT). */
export const designerTokenRedemption = z.object({ senderAuthenticationToken: z.string().min(1, "is required").max(200) });
export type DesignerTokenRedemption = z.infer<typeof designerTokenRedemption>;

/** The package sender's sign-in key, for a console session limited to the package's designer, and where the designer returns to. */
export const designerSignInResponse = signInResponse.extend({
  packageId: z.string().describe("The one package the session may see and change"),
  returnUrl: z.string().nullable().describe("Where the designer leads the sender who sends the package or leaves: the package's hand-over link (settings.ceremony.handOver.href), else the account's; null when none"),
});
export type DesignerSignInResponse = z.infer<typeof designerSignInResponse>;

/** `POST /api/signin/passwordReset` (our extension): a link to choose a new password, e-mailed if the address is a user's. */
export const passwordResetRequest = z.object({ email: z.string().trim().min(1, "is required").max(254) });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** The same answer whether or not the address is a user's, so that it tells nobody who has an account. */
export const passwordResetRequestResponse = z.object({ message: z.string() });
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestResponse>;

/** `POST /api/signin/passwordReset/complete` (our extension): the link's token and the new password. */
export const passwordResetCompletion = z.object({
  token: z.string().trim().min(1, "is required").max(256),
  password: z.string().min(1, "is required").max(1024),
});
export type PasswordResetCompletion = z.infer<typeof passwordResetCompletion>;

/** `POST /api/signin/passwordReset/check` (our extension): a reset link's token, to learn whether it still works. */
export const passwordResetLinkCheck = z.object({ token: z.string().trim().min(1, "is required").max(256) });
export type PasswordResetLinkCheck = z.infer<typeof passwordResetLinkCheck>;
export const passwordResetLinkState = z.object({ valid: z.literal(true), expires: z.string().describe("When the link stops working (UTC)") });
export type PasswordResetLinkState = z.infer<typeof passwordResetLinkState>;

/** `POST /api/user/password` (our extension): the caller's own password, changed with the current one. */
export const passwordChange = z.object({
  currentPassword: z.string().min(1, "is required").max(1024),
  newPassword: z.string().min(1, "is required").max(1024),
});
export type PasswordChange = z.infer<typeof passwordChange>;

/** Whose password was set (a reset's answer lets the console end that user's sessions). */
export const passwordSetResponse = z.object({ id: z.string(), email: z.string() });
export type PasswordSetResponse = z.infer<typeof passwordSetResponse>;
/** A password change also answers the caller's fresh sign-in key in its account (not to an access token, which gets no keys). */
export const passwordChangeResponse = passwordSetResponse.extend({ apiKey: z.string().optional() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponse>;
