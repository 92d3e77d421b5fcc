import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useLayoutEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

/*
 * Hand-written SVG charts on d3-scale and d3-shape (decision 076): a few kilobytes, drawn with the
 * theme's colours through classes (light and dark), and wider than a phone only inside their card,
 * which scrolls sideways. The numbers themselves are in the table under each chart.
 */

/** A series' look: fill for bars, stroke for lines, the legend's swatch. Light and dark. */
export const palette = [
  {
    fill: 'fill-violet-700 dark:fill-violet-300',
    stroke: 'stroke-violet-700 dark:stroke-violet-300',
    swatch: 'bg-violet-700 dark:bg-violet-300',
  },
  { fill: 'fill-sky-600 dark:fill-sky-400', stroke: 'stroke-sky-600 dark:stroke-sky-400', swatch: 'bg-sky-600 dark:bg-sky-400' },
  {
    fill: 'fill-amber-600 dark:fill-amber-400',
    stroke: 'stroke-amber-600 dark:stroke-amber-400',
    swatch: 'bg-amber-600 dark:bg-amber-400',
  },
  {
    fill: 'fill-emerald-600 dark:fill-emerald-400',
    stroke: 'stroke-emerald-600 dark:stroke-emerald-400',
    swatch: 'bg-emerald-600 dark:bg-emerald-400',
  },
  { fill: 'fill-rose-600 dark:fill-rose-400', stroke: 'stroke-rose-600 dark:stroke-rose-400', swatch: 'bg-rose-600 dark:bg-rose-400' },
] as const;

export interface Series {
  key: string;
  label: string;
}
/** One category of the x axis with a value per series (null: fewer than 5, drawn as nothing). */
export interface Datum {
  label: string;
  values: Record<string, number | null | undefined>;
}

const MARGIN = { top: 12, right: 12, bottom: 40, left: 6 };
/** The y axis's labels stay in view beside a chart that scrolls sideways. */
const AXIS_WIDTH = 40;

/** The width of the element, followed as it changes (the card's width sets the chart's). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function Legend({ series }: { series: readonly Series[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
      {series.map((s, i) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={cn('inline-block size-2.5 rounded-sm', palette[i % palette.length]!.swatch)} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** The scrolling frame beside the fixed y axis: keyboard users can scroll it too (it is focusable and named). */
function Frame({
  label,
  axis,
  children,
  frameRef,
}: {
  label: string;
  axis: ReactNode;
  children: ReactNode;
  frameRef: Ref<HTMLDivElement>;
}) {
  return (
    <div className="flex w-full min-w-0">
      {axis}
      <div
        ref={frameRef}
        className="min-w-0 flex-1 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        tabIndex={0}
        role="group"
        aria-label={label}
      >
        {children}
      </div>
    </div>
  );
}

/** A time series wider than its card opens on its latest weeks (the frame scrolled to its end). */
function useLatestInView(ref: RefObject<HTMLDivElement | null>, width: number, isOn: boolean) {
  useLayoutEffect(() => {
    if (isOn && ref.current) ref.current.scrollLeft = ref.current.scrollWidth;
  }, [ref, width, isOn]);
}

/** Every `every`-th label, so labels do not overlap on narrow bands. */
const labelEvery = (bandWidth: number) => Math.max(1, Math.ceil(56 / Math.max(bandWidth, 1)));

type YScale = ReturnType<typeof scaleLinear<number>>;

/** The y axis's labels, in an SVG of their own that does not scroll. */
function YLabels({ y, height, ticks, format }: { y: YScale; height: number; ticks: number[]; format: (n: number) => string }) {
  return (
    <svg width={AXIS_WIDTH} height={height} aria-hidden className="block shrink-0">
      {ticks.map((t) => (
        <text key={t} x={AXIS_WIDTH - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-[11px]">
          {format(t)}
        </text>
      ))}
      <line x1={AXIS_WIDTH - 0.5} x2={AXIS_WIDTH - 0.5} y1={MARGIN.top} y2={height - MARGIN.bottom} className="stroke-border" />
    </svg>
  );
}

/** The horizontal grid lines of the plot. */
function Grid({ y, width, ticks }: { y: YScale; width: number; ticks: number[] }) {
  return (
    <g aria-hidden>
      {ticks.map((t) => (
        <line
          key={t}
          x1={0}
          x2={width - MARGIN.right}
          y1={y(t)}
          y2={y(t)}
          className="stroke-border"
          strokeDasharray={t === 0 ? undefined : '2 3'}
        />
      ))}
    </g>
  );
}

interface ChartProps {
  data: readonly Datum[];
  series: readonly Series[];
  /** What the chart shows, said to assistive technology (the summary sentence). */
  label: string;
  height?: number;
  /** Narrowest a category may be before the chart scrolls sideways. */
  minBand?: number;
  /** A horizontal reference line (a goal). */
  goal?: { value: number; label: string };
  stacked?: boolean;
  /** Categories are weeks or months, oldest first: a scrolling chart opens on the latest. */
  isTimeSeries?: boolean;
}

/** Grouped (or stacked) bars per category. */
export function BarChart({ data, series, label, height = 240, minBand = 36, goal, stacked = false, isTimeSeries = false }: ChartProps) {
  const { i18n } = useTranslation();
  const { ref, width: available } = useWidth();
  const width = Math.max(available, MARGIN.left + MARGIN.right + data.length * minBand, 200);
  useLatestInView(ref, width, isTimeSeries);
  const values = data.flatMap((d) =>
    stacked ? [series.reduce((s, k) => s + (d.values[k.key] ?? 0), 0)] : series.map((k) => d.values[k.key] ?? 0),
  );
  const max = Math.max(1, goal?.value ?? 0, ...values);
  const x = scaleBand<string>()
    .domain(data.map((d) => d.label))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0.2);
  const inner = scaleBand<string>()
    .domain(series.map((s) => s.key))
    .range([0, x.bandwidth()])
    .padding(0.08);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([height - MARGIN.bottom, MARGIN.top]);
  const fmt = new Intl.NumberFormat(i18n.resolvedLanguage, { notation: 'compact' }).format;
  const ticks = y.ticks(4).filter(Number.isInteger);
  const every = labelEvery(x.bandwidth());
  return (
    <div className="flex flex-col gap-2">
      <Legend series={series} />
      <Frame label={label} frameRef={ref} axis={<YLabels y={y} height={height} ticks={ticks} format={fmt} />}>
        <svg width={width} height={height} aria-hidden className="block">
          <Grid y={y} width={width} ticks={ticks} />
          {data.map((d, i) => {
            let base = 0;
            return (
              <g key={d.label} transform={`translate(${x(d.label)},0)`}>
                {series.map((s, k) => {
                  const v = d.values[s.key];
                  if (v === null || v === undefined || v === 0) return null;
                  const top = stacked ? y(base + v) : y(v);
                  const bottom = stacked ? y(base) : y(0);
                  if (stacked) base += v;
                  return (
                    <rect
                      key={s.key}
                      x={stacked ? 0 : inner(s.key)}
                      width={stacked ? x.bandwidth() : inner.bandwidth()}
                      y={top}
                      height={Math.max(0, bottom - top)}
                      rx={2}
                      className={palette[k % palette.length]!.fill}
                    />
                  );
                })}
                {i % every === 0 && (
                  <text
                    x={x.bandwidth() / 2}
                    y={height - MARGIN.bottom + 16}
                    textAnchor="middle"
                    className="fill-muted-foreground text-[11px]"
                  >
                    {d.label}
                  </text>
                )}
              </g>
            );
          })}
          {goal && (
            <g>
              <line
                x1={0}
                x2={width - MARGIN.right}
                y1={y(goal.value)}
                y2={y(goal.value)}
                className="stroke-foreground"
                strokeWidth={1.5}
                strokeDasharray="6 4"
              />
              <text x={width - MARGIN.right} y={y(goal.value) - 4} textAnchor="end" className="fill-foreground text-[11px] font-medium">
                {goal.label}
              </text>
            </g>
          )}
        </svg>
      </Frame>
    </div>
  );
}

/** One line per series over the categories (weeks, months); a suppressed value breaks the line. */
export function LineChart({ data, series, label, height = 240, minBand = 14 }: ChartProps) {
  const { i18n } = useTranslation();
  const { ref, width: available } = useWidth();
  const width = Math.max(available, MARGIN.left + MARGIN.right + data.length * minBand, 200);
  useLatestInView(ref, width, true);
  const max = Math.max(1, ...data.flatMap((d) => series.map((s) => d.values[s.key] ?? 0)));
  const x = scaleBand<string>()
    .domain(data.map((d) => d.label))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([height - MARGIN.bottom, MARGIN.top]);
  const fmt = new Intl.NumberFormat(i18n.resolvedLanguage, { notation: 'compact' }).format;
  const ticks = y.ticks(4).filter(Number.isInteger);
  const every = labelEvery(x.bandwidth());
  const centre = (d: Datum) => (x(d.label) ?? 0) + x.bandwidth() / 2;
  return (
    <div className="flex flex-col gap-2">
      <Legend series={series} />
      <Frame label={label} frameRef={ref} axis={<YLabels y={y} height={height} ticks={ticks} format={fmt} />}>
        <svg width={width} height={height} aria-hidden className="block">
          <Grid y={y} width={width} ticks={ticks} />
          {series.map((s, k) => {
            const path = line<Datum>()
              .defined((d) => d.values[s.key] !== null && d.values[s.key] !== undefined)
              .x(centre)
              .y((d) => y(d.values[s.key] ?? 0))(data as Datum[]);
            return (
              <path
                key={s.key}
                d={path ?? ''}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                className={palette[k % palette.length]!.stroke}
              />
            );
          })}
          {data.map((d, i) =>
            i % every === 0 ? (
              <text
                key={d.label}
                x={centre(d)}
                y={height - MARGIN.bottom + 16}
                textAnchor="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {d.label}
              </text>
            ) : null,
          )}
        </svg>
      </Frame>
    </div>
  );
}

/** A chart's card: title, the sentence saying what it shows, the chart, and its figures as a table. */
export function ChartCard({
  id,
  title,
  summary,
  chart,
  table,
  testId,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card className="min-w-0" data-testid={testId} aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle as="h3" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription data-testid={`${testId}-summary`}>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {chart}
        <details className="group rounded-md border" data-testid={`${testId}-details`}>
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{t('insights.showTable')}</summary>
          <div className="overflow-x-auto border-t" tabIndex={0} role="group" aria-label={t('insights.tableOf', { title })}>
            {table}
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

/** A plain table of the figures (the chart's words for screen readers, and for copying). */
export function FigureTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  testId: string;
}) {
  return (
    <table className="w-full text-sm tabular-nums" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left">
          {columns.map((c, i) => (
            <th key={c} scope="col" className={cn('px-3 py-2 font-medium', i > 0 && 'text-right')}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, k) => (
          <tr key={k} className="border-b last:border-0">
            {r.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="whitespace-nowrap px-3 py-1.5 text-right">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
