import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { packageKeys, refreshPackageQueries } from "./packages";

/**
 * A change refreshes every package query, including one still on its first fetch: the package
 * page's history loading while the sender already accepted an attachment showed the trail from
 * before the acceptance (TanStack Query reuses an in-flight first fetch when invalidated).
 */
describe("refreshPackageQueries", () => {
  it("reads again a query whose first fetch began before the change", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let version = "before the change";
    const fetches: ((value: string) => void)[] = [];
    const observer = new QueryObserver<string>(queryClient, {
      queryKey: [...packageKeys.all, "audit", "p1"],
      queryFn: () => {
        const answer = version;
        return new Promise<string>((resolve) => fetches.push(() => resolve(answer)));
      },
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    try {
      await expect.poll(() => fetches.length).toBe(1); // the first fetch, in flight
      version = "after the change";
      const refreshed = refreshPackageQueries(queryClient);
      await expect.poll(() => fetches.length).toBe(2);
      fetches[0]!("before the change");
      fetches[1]!("after the change");
      await refreshed;
      expect(queryClient.getQueryData([...packageKeys.all, "audit", "p1"])).toBe("after the change");
      expect(seen.at(-1)).toBe("after the change");
    } finally {
      unsubscribe();
      queryClient.clear();
    }
  });
});
