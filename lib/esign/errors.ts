/**
 * A failure the caller can act on. Route handlers turn it into the wire's JSON error body
 * `{code, name, message, messageKey, technical?, entity?}`.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    message: string,
    readonly technical?: string,
    readonly entity?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const badRequest = (messageKey: string, message: string, technical?: string) =>
  new ServiceError(400, messageKey, message, technical);
export const unauthorized = (message = "A valid API key or access token is required.") =>
  new ServiceError(401, "error.unauthorised.noUser", message);
export const forbidden = (messageKey: string, message: string) => new ServiceError(403, messageKey, message);
export const notFound = (messageKey: string, message: string) => new ServiceError(404, messageKey, message);
export const conflict = (messageKey: string, message: string) => new ServiceError(409, messageKey, message);
/** A 409 that clears by itself: the answer also gives the wait as the Retry-After header (and `entity.retryAfterSeconds`). */
export const conflictRetryLater = (messageKey: string, message: string, retryAfterSeconds: number) =>
  new ServiceError(409, messageKey, message, undefined, { retryAfterSeconds });
export const gone = (messageKey: string, message: string) => new ServiceError(410, messageKey, message);
export const tooLarge = (message: string) => new ServiceError(413, "error.validation.uploadTooLarge", message);
export const unsupportedMediaType = (message: string) => new ServiceError(415, "error.validation.contentType", message);
export const unprocessable = (messageKey: string, message: string) => new ServiceError(422, messageKey, message);
/** A 429 whose wait the answer also gives as the Retry-After header. */
export const tooManyRequests = (messageKey: string, message: string, retryAfterSeconds: number) =>
  new ServiceError(429, messageKey, message, undefined, { retryAfterSeconds });
/** "try again in 3 minutes", for a wait given in seconds. */
export function tryAgainInMinutes(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const packageNotFound = (id: string) =>
  notFound("error.notFound.packageNotFound", `Package ${id} was not found.`);
