import { ServiceError } from "@/lib/esign/errors";

/** The ServiceError a use case refuses with (fails the test when it resolves or throws anything else). */
export async function serviceErrorOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (error instanceof ServiceError) return error;
  throw new Error(`expected a ServiceError, got ${String(error)}`);
}
