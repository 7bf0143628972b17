"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { ToastProvider, useToast } from "@/components/ui/toast";
import { endExpiredSession } from "@/lib/console/actions/session-actions";
import { ApiError, onAccountChanged, onSessionExpired, setConsoleAccount } from "@/lib/console/api-client";
import { signInAgainPath } from "@/lib/console/sign-in-return";
import { AccountChangedNotice } from "./account-changed-notice";

/**
 * The console's client root: one query cache, toasts, and what happens when the session changes
 * under a page: its key refused (back to the account signed in to, or signed out with a message),
 * or the console moved to another account in another tab (this page says so and stops acting).
 * `accountId`: the account the page was rendered for.
 */
export function ConsoleProviders({ accountId, children }: { accountId: string; children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 10_000,
            // The service's refusals are final; only a lost connection is worth another try.
            retry: (count, error) => count < 2 && error instanceof ApiError && error.status === 0,
          },
        },
      }),
  );
  // Set while rendering, before any child's query runs; the same value each time.
  setConsoleAccount(accountId);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SessionChanges client={client} />
        {children}
      </ToastProvider>
    </QueryClientProvider>
  );
}

function SessionChanges({ client }: { client: QueryClient }) {
  const t = useTranslations("console.shell");
  const router = useRouter();
  const toast = useToast();
  const [accountChanged, setAccountChanged] = useState(false);
  useEffect(() => {
    let ending = false;
    onSessionExpired(() => {
      if (ending) return;
      ending = true;
      const returnTo = `${window.location.pathname}${window.location.search}`;
      endExpiredSession(returnTo).then(
        (result) => {
          if (!result) return; // signed out: the sign-in page is on its way
          setConsoleAccount(result.backIn.id);
          toast.error(t("keyRefusedBackIn", { account: result.backIn.name }));
          void client.resetQueries();
          router.push("/packages");
          router.refresh();
          ending = false;
        },
        // The action did not get through (connection lost, server restarted): the sign-in page all the same.
        () => window.location.assign(signInAgainPath(returnTo)),
      );
    });
    onAccountChanged(() => setAccountChanged(true));
    return () => {
      onSessionExpired(null);
      onAccountChanged(null);
    };
  }, [client, router, toast, t]);
  return accountChanged ? <AccountChangedNotice /> : null;
}
