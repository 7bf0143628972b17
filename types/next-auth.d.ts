import "next-auth";
import "next-auth/jwt";

/** What the console keeps about the signed-in user. The API key stays in the encrypted JWT only. */
declare module "next-auth" {
  interface User {
    apiKey?: string;
    accountId?: string;
    accountName?: string;
    signInMethod?: "password" | "apiKey" | "authenticationToken" | "senderAuthenticationToken";
    /** The console's language the user chose; null: their browser's. */
    consoleLanguage?: string | null;
  }
  interface Session {
    /** The console's language the user chose; null: their browser's (lib/console/console-intl.ts). */
    consoleLanguage: string | null;
    /** The account the console is in now. */
    account: { id: string; name: string };
    /** The account signed in to, where a switch into a sub account comes back to. */
    homeAccount: { id: string; name: string };
    signInMethod: "password" | "apiKey" | "authenticationToken" | "senderAuthenticationToken";
    /** A designer session (`/auth?senderAuthenticationToken=` for a draft): the one package it may open, and where it returns to. */
    designer: { packageId: string; returnUrl: string | null } | null;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    apiKey?: string;
    userId?: string;
    accountId?: string;
    accountName?: string;
    signInMethod?: "password" | "apiKey" | "authenticationToken" | "senderAuthenticationToken";
    /** The key and account signed in to, kept while the console works in a sub account (`account-switch.ts`). */
    homeApiKey?: string;
    homeAccountId?: string;
    homeAccountName?: string;
    /** The row of `console_sessions` that keeps this session alive (lib/console/console-sessions.ts). */
    sessionId?: string;
    /** A designer session: the one package it may see and change (lib/console/designer-scope.ts). */
    designerPackageId?: string;
    /** Where the designer returns the sender who sends or leaves (the package's hand-over link). */
    designerReturnUrl?: string | null;
    /** The console's language the user chose; null: their browser's. */
    consoleLanguage?: string | null;
  }
}
