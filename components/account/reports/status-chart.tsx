import { useId } from "react";
import { useTranslations } from "use-intl";

/**
 * Packages per status, one stacked bar per sender: plain SVG, no chart library. Screen readers get
 * the figures as words (the image's description) and the legend as a list; each segment carries a
 * tooltip (`<title>`) with its count. The fills contrast at least 3:1 with the white page (WCAG
 * 1.4.11) and are parted by a white line, so neighbouring segments stay apart without colour alone:
 * the legend and the description name every count.
 */

/** Each segment's words are console.reports' `statuses.<key>` (legend) and `chart.counts.<key>` ("2 draft"). */
export const CHART_SEGMENTS = [
  { key: "DRAFT", fill: "#64748b" },
  { key: "SENT", fill: "#0369a1" },
  { key: "COMPLETED", fill: "#047857" },
  { key: "ARCHIVED", fill: "#6d28d9" },
  { key: "DECLINED", fill: "#be123c" },
  { key: "OPTED_OUT", fill: "#c2410c" },
  { key: "EXPIRED", fill: "#a16207" },
  { key: "TRASHED", fill: "#44403c" },
] as const;

export type ChartSegment = (typeof CHART_SEGMENTS)[number]["key"];

export interface ChartBar {
  id: string;
  label: string;
  counts: Partial<Record<ChartSegment, number>>;
}

const WIDTH = 640;
const LABEL_WIDTH = 170;
const TOTAL_WIDTH = 44;
const BAR_HEIGHT = 22;
const GAP = 12;

const totalOf = (bar: ChartBar) => CHART_SEGMENTS.reduce((sum, { key }) => sum + (bar.counts[key] ?? 0), 0);

const shortened = (text: string, length = 24) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export function StatusChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const id = useId();
  const t = useTranslations("console.reports");
  const countsInWords = (bar: ChartBar) =>
    CHART_SEGMENTS.filter(({ key }) => (bar.counts[key] ?? 0) > 0)
      .map(({ key }) => t(`chart.counts.${key}`, { count: bar.counts[key] ?? 0 }))
      .join(", ") || t("chart.none");
  const largest = Math.max(1, ...bars.map(totalOf));
  const scale = (WIDTH - LABEL_WIDTH - TOTAL_WIDTH) / largest;
  const height = bars.length * (BAR_HEIGHT + GAP) + GAP;
  const present = CHART_SEGMENTS.filter(({ key }) => bars.some((bar) => (bar.counts[key] ?? 0) > 0));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="report-chart">
      <figcaption id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-labelledby={`${id}-title ${id}-desc`} className="mt-3 max-w-3xl">
        <desc id={`${id}-desc`}>{bars.map((bar) => t("chart.bar", { sender: bar.label, total: totalOf(bar), counts: countsInWords(bar) })).join(" ")}</desc>
        {bars.map((bar, row) => {
          const y = GAP + row * (BAR_HEIGHT + GAP);
          let x = LABEL_WIDTH;
          return (
            <g key={bar.id} data-testid="report-chart-bar">
              <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="central" fontSize="13" fill="#0f172a">
                {shortened(bar.label)}
              </text>
              {CHART_SEGMENTS.map(({ key, fill }) => {
                const count = bar.counts[key] ?? 0;
                if (count === 0) return null;
                const width = count * scale;
                const segment = (
                  <rect key={key} x={x} y={y} width={width} height={BAR_HEIGHT} fill={fill} stroke="#ffffff" strokeWidth="1">
                    <title>{t("chart.segment", { sender: bar.label, count: t(`chart.counts.${key}`, { count }) })}</title>
                  </rect>
                );
                x += width;
                return segment;
              })}
              <text x={x + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="central" fontSize="13" fill="#334155">
                {totalOf(bar)}
              </text>
            </g>
          );
        })}
      </svg>
      <ul aria-label={t("chart.legend")} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-800">
        {present.map(({ key, fill }) => (
          <li key={key} className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-3 rounded-sm" style={{ backgroundColor: fill }} />
            {t(`statuses.${key}`)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
