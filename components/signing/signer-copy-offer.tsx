"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { askForSignerCopy } from "@/lib/ceremony/ceremony-requests";

const SEALING_POLL_MS = 2_000;

/**
 * The signer's copy on the "You have signed" page. The last signer completes the package: the
 * page waits for the seal, then offers the download. An earlier signer reads that it comes by
 * e-mail once everyone has signed.
 */
export function SignerCopyOffer({ packageId }: { packageId: string }) {
  const t = useTranslations("copy");
  const offer = useQuery({
    // Not under ["ceremony", packageId]: refreshing the ceremony's view must not make a new link.
    queryKey: ["ceremony-copy", packageId],
    queryFn: () => askForSignerCopy(packageId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === "SEALING" ? SEALING_POLL_MS : false),
  });
  if (offer.isPending) return null;
  if (offer.isError || offer.data.status === "WAITING") {
    return <p className="mt-3">{t("byEmailLater")}</p>;
  }
  if (offer.data.status === "SEALING") {
    return (
      <p className="mt-4 text-slate-600" role="status" data-testid="signer-copy-preparing">
        {t("preparing")}
      </p>
    );
  }
  const { pageUrl } = offer.data;
  return (
    <div className="mt-4">
      <a href={offer.data.zipUrl} download className="inline-block rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800" data-testid="signer-copy-download">
        {t("download")}
      </a>
      <p className="mt-2 text-sm">
        {t.rich("chooseDocument", {
          link: (chunks) => (
            <a href={pageUrl} className="text-sky-700 underline hover:text-sky-800">
              {chunks}
            </a>
          ),
        })}
      </p>
    </div>
  );
}
