import type { Metadata } from "next";
import { Suspense } from "react";
import { GroupList } from "@/components/account/groups/group-list";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Groups · Signet" };

/** The account's groups; the view (search, page) lives in the address. Who may see them is the service's answer. */
export default function GroupsPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading groups…" />}>
      <GroupList />
    </Suspense>
  );
}
