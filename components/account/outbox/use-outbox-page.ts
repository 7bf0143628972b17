"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** The outbox's page number, kept in the address (`?page=`), so reload, back and a shared link show the same page. */
export function useOutboxPage() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const asked = Number(params.get("page"));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  function go(next: number) {
    const query = new URLSearchParams(params);
    if (next > 1) query.set("page", String(next));
    else query.delete("page");
    const search = query.toString();
    router.push(`${pathname}${search ? `?${search}` : ""}`, { scroll: false });
  }
  return { page, go };
}
