import "next-auth";
import "next-auth/jwt";

/** What the console keeps about the signed-in user. The API key stays in the encrypted JWT only. */
declare module "next-auth" {
  interface User {
    apiKey?: string;
    accountId?: string;
    accountName?: string;
    signInMethod?: "password" | "apiKey";
  }
  interface Session {
    account: { id: string; name: string };
    signInMethod: "password" | "apiKey";
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    apiKey?: string;
    userId?: string;
    accountId?: string;
    accountName?: string;
    signInMethod?: "password" | "apiKey";
  }
}
