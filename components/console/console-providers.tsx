"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { endExpiredSession } from "@/lib/console/actions/session-actions";
import { ApiError, onSessionExpired } from "@/lib/console/api-client";

/** The console's client root: one query cache, toasts, and the way out when the session ends. */
export function ConsoleProviders({ children }: { children: ReactNode }) {
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
  useEffect(() => {
    let ending = false;
    onSessionExpired(() => {
      if (ending) return;
      ending = true;
      void endExpiredSession();
    });
    return () => onSessionExpired(null);
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
