/**
 * The service's notion of "now". Everything time-based reads it from here so that tests can
 * move time forward (30 days in a second) without sleeping.
 */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}
