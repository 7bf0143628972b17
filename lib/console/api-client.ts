import type { z } from "zod";
import { loadContracts, type Contracts } from "./load-contracts";

/**
 * The console's calls to the e-signature API, made by the browser through the proxy
 * (`/proxy/api/...`): the session cookie goes along, the API key never reaches the browser.
 */

/** A refusal of the service (or of the proxy), with the service's own message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** `/api/packages/x` → `/proxy/api/packages/x`: what a link or a fetch in the console uses. */
export function proxied(apiPath: string): string {
  return `/proxy${apiPath}`;
}

/** Builds an API path from segments, each encoded: `apiPath("packages", id, "documents")`. */
export function apiPath(...segments: string[]): string {
  return `/api/${segments.map(encodeURIComponent).join("/")}`;
}

export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The account this page shows, sent with every call (`x-console-account`): the proxy refuses a
 * call from a tab still showing another account than the session is in now (a switch made in
 * another tab), instead of letting it act in the other account.
 */
export const CONSOLE_ACCOUNT_HEADER = "x-console-account";
export const ACCOUNT_CHANGED_MESSAGE_KEY = "error.conflict.consoleAccountChanged";
let consoleAccountId: string | null = null;
let accountChangedListener: (() => void) | null = null;

export function setConsoleAccount(accountId: string): void {
  consoleAccountId = accountId;
}

/** The headers that name the page's account, for a request made without `apiRequest` (uploads). */
export function consoleAccountHeaders(): Record<string, string> {
  return consoleAccountId ? { [CONSOLE_ACCOUNT_HEADER]: consoleAccountId } : {};
}

/** The console's root registers what to do when the session moved to another account meanwhile. */
export function onAccountChanged(listener: (() => void) | null): void {
  accountChangedListener = listener;
}

/** Every call the proxy refused because the session is in another account now says so here. */
export function reportAccountChanged(): void {
  accountChangedListener?.();
}

let sessionExpiredListener: (() => void) | null = null;
let sessionExpiredUnheard = false;

/**
 * The console's root registers what to do when the service answers 401: sign out with a message.
 * A 401 that came while no one listened (a call answered before the root's effect ran) is passed
 * on at once.
 */
export function onSessionExpired(listener: (() => void) | null): void {
  sessionExpiredListener = listener;
  if (listener && sessionExpiredUnheard) {
    sessionExpiredUnheard = false;
    listener();
  }
}

/** Every call that meets a 401 says so here (fetch below, the uploads' XMLHttpRequest too). */
export function reportSessionExpired(): void {
  if (sessionExpiredListener) sessionExpiredListener();
  else sessionExpiredUnheard = true;
}

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  json?: unknown;
  body?: BodyInit;
}

async function errorOf(response: Response): Promise<ApiError> {
  return refusalOf(response.status, await response.json().catch(() => null), `The request failed (HTTP ${response.status}).`);
}

/** The service's refusal from its status and JSON body (`{ message, messageKey }`); `fallback` when the body says nothing. */
export function refusalOf(status: number, body: unknown, fallback: string): ApiError {
  const { message, messageKey } = (body && typeof body === "object" ? body : {}) as { message?: unknown; messageKey?: unknown };
  return new ApiError(status, typeof messageKey === "string" ? messageKey : "error", typeof message === "string" ? message : fallback);
}

/** One call; resolves with the response when it succeeded, throws ApiError otherwise. */
export async function apiRequest(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(proxied(path), {
      ...rest,
      body: json === undefined ? rest.body : JSON.stringify(json),
      headers: { accept: "application/json", ...(json === undefined ? {} : { "content-type": "application/json" }), ...consoleAccountHeaders(), ...headers },
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network", "The service could not be reached. Check your connection and try again.");
  }
  if (response.status === 401) reportSessionExpired();
  if (!response.ok) {
    const error = await errorOf(response);
    if (error.messageKey === ACCOUNT_CHANGED_MESSAGE_KEY) reportAccountChanged();
    throw error;
  }
  return response;
}

/**
 * A call whose JSON answer is checked against the wire schema `pick` names; 204 answers `null`. The
 * contracts load beside the call the first time, so a page's first call does not wait for them.
 */
export async function apiJson<Schema extends z.ZodType>(pick: (contracts: Contracts) => Schema, path: string, init?: ApiRequestInit): Promise<z.output<Schema>> {
  const contracts = loadContracts(); // awaited after the request: the service's refusal, if any, is the error to report
  const response = await apiRequest(path, init);
  const schema = pick(await contracts);
  if (response.status === 204) return schema.parse(null);
  return schema.parse(await response.json());
}

/** A call whose answer does not matter beyond success. */
export async function apiSend(path: string, init: ApiRequestInit): Promise<void> {
  const response = await apiRequest(path, init);
  await response.body?.cancel();
}
