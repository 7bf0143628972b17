import NextAuth, { CredentialsSignin, type User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import Credentials from "next-auth/providers/credentials";
import { sessionResponse } from "@/lib/api/accounts";
import { applyRequestedSwitch, homeOf } from "./account-switch";
import { consoleAuthSecret } from "./auth-secret";
import { endConsoleSession, openConsoleSession, SESSION_MAX_AGE_SECONDS, touchConsoleSession } from "./console-sessions";
import { callEsignApi } from "./esign-api";
import { applyChosenLanguage } from "./console-language";
import { applyRenewedSignInKey } from "./sign-in-key-renewal";

/** Why a sign-in was refused; the sign-in form turns the code into a sentence. */
export const SIGN_IN_REFUSALS = ["bad-credentials", "bad-key", "rate-limited", "not-activated", "unreachable"] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

class SignInRefused extends CredentialsSignin {
  constructor(code: SignInRefusal) {
    super();
    this.code = code;
  }
}

export { SESSION_MAX_AGE_SECONDS };

/** The console's client, as the server resolved it (lib/http/client-address.ts leaves that one address in X-Forwarded-For). */
export function clientIpOf(requestHeaders: Headers): string | undefined {
  return requestHeaders.get("x-forwarded-for")?.split(",")[0].trim() || undefined;
}

async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new SignInRefused("unreachable");
  }
}

/** Who an API key belongs to, asked of the service (`GET /api/session`). */
export async function userOfApiKey(apiKey: string, clientIp?: string): Promise<User> {
  const answer = await reach(() => callEsignApi("/api/session", { apiKey, clientIp }));
  if (answer.status === 401) throw new SignInRefused("bad-key");
  if (answer.status === 403) throw new SignInRefused("not-activated");
  const parsed = sessionResponse.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new SignInRefused("unreachable");
  const { user, account } = parsed.data;
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    apiKey,
    accountId: account.id,
    accountName: account.name,
    consoleLanguage: user.consoleLanguage ?? null,
  };
}

/** E-mail and password, exchanged for the user's key by the embedded service (`POST /api/signin`). */
async function userOfPassword(email: string, password: string, clientIp?: string): Promise<User> {
  const answer = await reach(() => callEsignApi("/api/signin", { json: { email, password }, clientIp }));
  if (answer.status === 401 || answer.status === 400) throw new SignInRefused("bad-credentials");
  if (answer.status === 429) throw new SignInRefused("rate-limited");
  if (answer.status === 403) throw new SignInRefused("not-activated");
  const apiKey = answer.body?.apiKey;
  if (answer.status !== 200 || typeof apiKey !== "string") throw new SignInRefused("unreachable");
  return userOfApiKey(apiKey, clientIp);
}

/** A user authentication token (`/auth?authenticationToken=`), exchanged once for its user's key (`POST /api/signin/authenticationToken`). */
export async function userOfAuthenticationToken(authenticationToken: string, clientIp?: string): Promise<User> {
  const answer = await reach(() => callEsignApi("/api/signin/authenticationToken", { json: { authenticationToken }, clientIp }));
  if (answer.status === 401 || answer.status === 400) throw new SignInRefused("bad-key");
  const apiKey = answer.body?.apiKey;
  if (answer.status !== 200 || typeof apiKey !== "string") throw new SignInRefused("unreachable");
  return { ...(await userOfApiKey(apiKey, clientIp)), signInMethod: "authenticationToken" };
}

/** What the session's token keeps of a user who signs in, however they did; the session is opened server-side here. */
export async function sessionClaimsOf(user: User): Promise<Partial<JWT>> {
  return {
    sessionId: await openConsoleSession(user.id ?? ""),
    apiKey: user.apiKey,
    userId: user.id,
    accountId: user.accountId,
    accountName: user.accountName,
    signInMethod: user.signInMethod,
    consoleLanguage: user.consoleLanguage ?? null,
    // The account signed in to: its key stays, so the user can switch into sub accounts and back.
    homeApiKey: user.apiKey,
    homeAccountId: user.accountId,
    homeAccountName: user.accountName,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(() => ({
  secret: consoleAuthSecret(),
  trustHost: true,
  basePath: "/auth",
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      id: "password",
      credentials: { email: {}, password: {} },
      authorize: async (credentials, request) => {
        const email = text(credentials.email).trim();
        const password = text(credentials.password);
        if (!email || !password) throw new SignInRefused("bad-credentials");
        return { ...(await userOfPassword(email, password, clientIpOf(request.headers))), signInMethod: "password" };
      },
    }),
    Credentials({
      id: "api-key",
      credentials: { apiKey: {} },
      authorize: async (credentials, request) => {
        const apiKey = text(credentials.apiKey).trim();
        if (!apiKey) throw new SignInRefused("bad-key");
        return { ...(await userOfApiKey(apiKey, clientIpOf(request.headers))), signInMethod: "apiKey" };
      },
    }),
  ],
  events: {
    // Every way out (the console's button, next-auth's own endpoint, a session the service ended).
    async signOut(message) {
      if ("token" in message) await endConsoleSession(message.token?.sessionId);
    },
  },
  callbacks: {
    async jwt({ token, user, trigger }) {
      if (user) return Object.assign(token, await sessionClaimsOf(user));
      // A session signed out or revoked elsewhere: null makes next-auth answer no session and clear the cookie.
      if (!(await touchConsoleSession(token.sessionId))) return null;
      // Only a renewal or switch the server asked for; the update's own data (a browser can send it) is ignored.
      // A designer session stays in its one package's account: no switching.
      if (trigger === "update" && !token.designerPackageId) {
        applyRenewedSignInKey(token);
        await applyRequestedSwitch(token);
        applyChosenLanguage(token);
      }
      return token;
    },
    // What the browser may read: never a key.
    session({ session, token }) {
      const home = homeOf(token);
      return {
        expires: session.expires,
        user: { id: token.userId ?? "", name: token.name ?? "", email: token.email ?? "", emailVerified: null },
        account: { id: token.accountId ?? "", name: token.accountName ?? "" },
        homeAccount: { id: home.accountId ?? "", name: home.accountName ?? "" },
        signInMethod: token.signInMethod ?? "password",
        consoleLanguage: token.consoleLanguage ?? null,
        designer: token.designerPackageId ? { packageId: token.designerPackageId, returnUrl: token.designerReturnUrl ?? null } : null,
      };
    },
  },
}));
