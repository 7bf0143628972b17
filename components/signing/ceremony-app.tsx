"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { CeremonyScreen } from "./ceremony-screen";
import { preloadPdfPages } from "./pdf-pages-loader";

// The PDF viewer (its code, and the pdf.js worker it starts) loads as soon as this page's code runs in
// the browser, while the page hydrates and asks for the signer's view, not after: the first page comes sooner.
preloadPdfPages();

/** The ceremony's client root: its own query cache (no retries of refusals: the service's message is shown at once). */
export function CeremonyApp({ packageId }: { packageId: string }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: (count, error) => count < 2 && (error as { status?: number }).status === 0, refetchOnWindowFocus: true, staleTime: 5_000 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <CeremonyScreen packageId={packageId} />
    </QueryClientProvider>
  );
}
