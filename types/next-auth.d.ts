import "next-auth";
import "next-auth/jwt";

/** What the console keeps about the signed-in user. The API key stays in the encrypted JWT only. */
declare module "next-auth" {
  interface User {
    apiKey?: string;
    accountId?: string;
    accountName?: string;
    signInMethod?: "password" | "apiKey" | "authenticationToken";
  }
  interface Session {
    /** The account the console is in now. */
    account: { id: string; name: string };
    /** The account signed in to, where a switch into a sub account comes back to. */
    homeAccount: { id: string; name: string };
    signInMethod: "password" | "apiKey" | "authenticationToken";
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    apiKey?: string;
    userId?: string;
    accountId?: string;
    accountName?: string;
    signInMethod?: "password" | "apiKey" | "authenticationToken";
    /** The key and account signed in to, kept while the console works in a sub account (`account-switch.ts`). */
    homeApiKey?: string;
    homeAccountId?: string;
    homeAccountName?: string;
    /** The row of `console_sessions` that keeps this session alive (lib/console/console-sessions.ts). */
    sessionId?: string;
  }
}
