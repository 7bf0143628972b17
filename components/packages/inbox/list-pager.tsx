"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { PAGE_SIZE } from "./list-url";

/**
 * "21–40 of 57" with the previous and next pages; the API's 1-based inclusive window. While
 * `loading` the rows shown are still the previous page's, so no range is claimed.
 */
export function ListPager({ page, count, shown, loading, onPage }: { page: number; count: number; shown: number; loading: boolean; onPage: (page: number) => void }) {
  const t = useTranslations("console.packages.pager");
  if (count === 0 || shown === 0) return null;
  const from = (page - 1) * PAGE_SIZE + 1;
  const to = from + shown - 1;
  return (
    <nav aria-label={t("label")} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" data-testid="pager-range">
        {loading ? t("loading") : t("range", { from, to, count })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={loading || page <= 1} data-testid="pager-previous">
          {t("previous")}
        </Button>
        <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={loading || to >= count} data-testid="pager-next">
          {t("next")}
        </Button>
      </div>
    </nav>
  );
}
