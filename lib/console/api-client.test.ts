import { afterEach, describe, expect, it, vi } from "vitest";
import { onSessionExpired, reportSessionExpired } from "./api-client";

describe("the session-expired report", () => {
  afterEach(() => onSessionExpired(null));

  it("reaches the registered listener", () => {
    const listener = vi.fn();
    onSessionExpired(listener);
    reportSessionExpired();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps a 401 that came before anyone listened and passes it on once on registration", () => {
    reportSessionExpired();
    const listener = vi.fn();
    onSessionExpired(listener);
    expect(listener).toHaveBeenCalledTimes(1);
    onSessionExpired(null);
    onSessionExpired(listener);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
