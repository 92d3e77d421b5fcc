import { format } from 'date-fns/format';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { dateLocale, useDates } from '#client/lib/dates.ts';
import { useLanguage } from '#client/lib/language.ts';
import { growthSeries, insightPeriods, periodMonths, type CountCell } from '#common/contracts/insights.ts';
import { onboardingCountries } from '#common/contracts/onboarding.ts';
import { scoreBands, supportCategories } from '#common/domain/support.ts';

import { useCare, useFunnel, useGrowth, useMultiplication, type InsightsParams } from '../../api/get-insights.ts';
import { BarChart, ChartCard, FigureTable, LineChart, type Datum } from './charts.tsx';

/*
 * The Insights tab (issue 31, decision 076), loaded only when the tab is opened: the course funnel,
 * growth, multiplication and care, each chart with a sentence saying what it shows and its table.
 * Counts of 1 to 4 arrive as null and read "fewer than 5".
 */

/** Formats counts, weeks and months in the interface language. */
function useFormat() {
  const { t, i18n } = useTranslation('admin');
  const lang = useLanguage();
  const locale = dateLocale(lang);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return {
    /** A count, or "fewer than 5". */
    cell: (n: CountCell | undefined) => (n === null || n === undefined ? t('insights.fewerThan5') : number.format(n)),
    number: (n: number) => number.format(n),
    /** "Nov 24" / "24 nov." for the Monday of a week (yyyy-mm-dd, a calendar day). */
    week: (iso: string) => {
      const [y, m, d] = iso.split('-').map(Number);
      return format(new Date(y!, m! - 1, d), lang === 'fr' ? 'd MMM' : 'MMM d', { locale });
    },
    /** "Nov 2026" / "nov. 2026" (yyyy-mm). */
    month: (iso: string) => {
      const [y, m] = iso.split('-').map(Number);
      return format(new Date(y!, m! - 1, 1), 'MMM yyyy', { locale });
    },
    hours: (h: number | null) => (h === null ? t('insights.fewerThan5Timed') : t('insights.hours', { count: h, value: number.format(h) })),
  };
}

function Filters({
  params,
  onChange,
  withCountry = true,
}: {
  params: InsightsParams;
  onChange: (p: InsightsParams) => void;
  withCountry?: boolean;
}) {
  const { t } = useTranslation(['admin', 'onboarding']);
  const id = useId();
  const field = (key: string, label: string, control: ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1.5" key={key}>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      {control}
    </div>
  );
  return (
    <div
      className={`grid gap-3 ${withCountry ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
      role="search"
      aria-label={t('insights.filters')}
      data-testid="insights-filters"
    >
      {field(
        'period',
        t('insights.period'),
        <NativeSelect
          id={`${id}-period`}
          value={params.period}
          onChange={(e) => onChange({ ...params, period: e.target.value as InsightsParams['period'] })}
          data-testid="insights-period"
        >
          {insightPeriods.map((p) => (
            <option key={p} value={p}>
              {t('insights.lastMonths', { count: periodMonths[p] })}
            </option>
          ))}
        </NativeSelect>,
      )}
      {field(
        'language',
        t('insights.language'),
        <NativeSelect
          id={`${id}-language`}
          value={params.language}
          onChange={(e) => onChange({ ...params, language: e.target.value as InsightsParams['language'] })}
          data-testid="insights-language"
        >
          <option value="all">{t('insights.allLanguages')}</option>
          <option value="en">English</option>
          <option value="fr">Français</option>
        </NativeSelect>,
      )}
      {withCountry &&
        field(
          'country',
          t('insights.country'),
          <NativeSelect
            id={`${id}-country`}
            value={params.country}
            onChange={(e) => onChange({ ...params, country: e.target.value as InsightsParams['country'] })}
            data-testid="insights-country"
          >
            <option value="">{t('insights.allCountries')}</option>
            {onboardingCountries.map((c) => (
              <option key={c} value={c}>
                {t(`onboarding:countries.${c}`)}
              </option>
            ))}
          </NativeSelect>,
        )}
    </div>
  );
}

/** A section's loading, error or content. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <Spinner className="mx-auto my-8" />;
  if (query.isError || !query.data) return <ErrorAlert>{t('insights.loadError')}</ErrorAlert>;
  return <>{children(query.data)}</>;
}

function Section({ title, intro, children, testId }: { title: string; intro?: ReactNode; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby={id} data-testid={testId}>
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {intro}
      </div>
      {children}
    </section>
  );
}

function AsOf({ refreshedAt }: { refreshedAt: string | null }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <p className="text-sm text-muted-foreground">
      {refreshedAt ? t('insights.asOf', { when: dates.dateTime(refreshedAt) }) : t('insights.notYet')}
    </p>
  );
}

const sumKnown = (cells: readonly CountCell[]) => cells.reduce<number>((s, n) => s + (n ?? 0), 0);

function Funnel({ params }: { params: InsightsParams }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const f = useFormat();
  const id = useId();
  const [course, setCourse] = useState<string | undefined>(undefined);
  const query = useFunnel(params, course);
  return (
    <Loaded query={query}>
      {(r) => {
        const isTrack = r.course.kind === 'track';
        const stepName = (n: number) => t(isTrack ? 'insights.funnel.day' : 'insights.funnel.week', { n });
        // Where most stall: the step with the largest known gap between opening and passing (a course),
        // or the largest drop from one day to the next (a track).
        const gaps = r.steps.map((s, i) => {
          if (isTrack) {
            const before = i > 0 ? r.steps[i - 1]!.passed : null;
            return before !== null && s.passed !== null ? before - s.passed : -1;
          }
          return s.opened != null && s.passed !== null ? s.opened - s.passed : -1;
        });
        const worst = gaps.indexOf(Math.max(...gaps));
        const hasStall = worst >= 0 && gaps[worst]! > 0;
        const first = r.steps[0];
        const title = r.course.title[lang];
        const summary = [
          isTrack
            ? t('insights.funnel.summaryTrack', { title })
            : t('insights.funnel.summary', { title, opened: f.cell(first?.opened), passed: f.cell(first?.passed) }),
          hasStall
            ? t(isTrack ? 'insights.funnel.stallTrack' : 'insights.funnel.stall', { step: stepName(r.steps[worst]!.step) })
            : t('insights.funnel.noStall'),
        ].join(' ');
        const series = isTrack
          ? [{ key: 'passed', label: t('insights.funnel.done') }]
          : [
              { key: 'opened', label: t('insights.funnel.opened') },
              { key: 'passed', label: t('insights.funnel.passed') },
            ];
        const data: Datum[] = r.steps.map((s) => ({ label: stepName(s.step), values: { opened: s.opened, passed: s.passed } }));
        return (
          <div className="flex flex-col gap-3">
            <AsOf refreshedAt={r.refreshedAt} />
            {r.courses.length > 1 && (
              <div className="flex max-w-sm flex-col gap-1.5">
                <Label htmlFor={`${id}-course`}>{t('insights.funnel.course')}</Label>
                <NativeSelect
                  id={`${id}-course`}
                  value={r.course.slug}
                  onChange={(e) => setCourse(e.target.value)}
                  data-testid="insights-course"
                >
                  {r.courses.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.title[lang]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
            <ChartCard
              id={`${id}-funnel`}
              testId="chart-funnel"
              title={t('insights.funnel.title')}
              summary={summary}
              chart={<BarChart data={data} series={series} label={summary} minBand={isTrack ? 40 : 56} />}
              table={
                <FigureTable
                  testId="table-funnel"
                  caption={t('insights.funnel.title')}
                  columns={
                    isTrack
                      ? [t('insights.funnel.dayColumn'), t('insights.funnel.done')]
                      : [
                          t('insights.funnel.weekColumn'),
                          t('insights.funnel.opened'),
                          t('insights.funnel.passed'),
                          t('insights.funnel.stalled'),
                        ]
                  }
                  rows={r.steps.map((s) =>
                    isTrack
                      ? [stepName(s.step), f.cell(s.passed)]
                      : [
                          stepName(s.step),
                          f.cell(s.opened),
                          f.cell(s.passed),
                          s.opened != null && s.passed !== null ? f.cell(Math.max(0, s.opened - s.passed)) : t('insights.unknown'),
                        ],
                  )}
                />
              }
            />
          </div>
        );
      }}
    </Loaded>
  );
}

function Growth({ params }: { params: InsightsParams }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const id = useId();
  const query = useGrowth(params);
  return (
    <Loaded query={query}>
      {(r) => {
        const keys = growthSeries;
        const series = keys.map((k) => ({ key: k, label: t(`insights.growth.${k}`) }));
        const totals = Object.fromEntries(keys.map((k) => [k, f.number(sumKnown(r.weeks.map((w) => w[k])))]));
        const summary = t('insights.growth.summary', { months: periodMonths[params.period], ...totals });
        return (
          <div className="flex flex-col gap-3">
            <AsOf refreshedAt={r.refreshedAt} />
            <ChartCard
              id={id}
              testId="chart-growth"
              title={t('insights.growth.title')}
              summary={summary}
              chart={
                <LineChart data={r.weeks.map(({ week, ...values }) => ({ label: f.week(week), values }))} series={series} label={summary} />
              }
              table={
                <FigureTable
                  testId="table-growth"
                  caption={t('insights.growth.title')}
                  columns={[t('insights.weekOf'), ...series.map((s) => s.label)]}
                  rows={r.weeks.map((w) => [f.week(w.week), ...keys.map((k) => f.cell(w[k]))])}
                />
              }
            />
          </div>
        );
      }}
    </Loaded>
  );
}

function Multiplication({ params }: { params: InsightsParams }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const id = useId();
  const query = useMultiplication(params);
  return (
    <Loaded query={query}>
      {(r) => {
        const genSummary = t('insights.generations.summary', {
          g1: f.cell(r.generations[0]?.people),
          g2: f.cell(r.generations[1]?.people),
          g3: f.cell(r.generations[2]?.people),
          g4: f.cell(r.generations[3]?.people),
        });
        const loadSummary = t('insights.mentorLoads.summary', {
          one: f.cell(r.mentorLoads[0]?.mentors),
          two: f.cell(r.mentorLoads[1]?.mentors),
          three: f.cell(r.mentorLoads[2]?.mentors),
        });
        const last = r.roles.at(-1);
        const roleSummary = t('insights.roles.summary', {
          ambassadors: f.cell(last?.ambassadors),
          coordinators: f.cell(last?.coordinators),
        });
        const loadLabel = (m: (typeof r.mentorLoads)[number]) =>
          t('insights.mentorLoads.label', { disciples: m.disciples, count: m.disciples === '1' ? 1 : 2 });
        const roleSeries = [
          { key: 'ambassadors', label: t('insights.roles.ambassadors') },
          { key: 'coordinators', label: t('insights.roles.coordinators') },
        ];
        return (
          <div className="flex flex-col gap-4">
            <AsOf refreshedAt={r.refreshedAt} />
            <div className="grid min-w-0 gap-4 lg:grid-cols-2">
              <ChartCard
                id={`${id}-gen`}
                testId="chart-generations"
                title={t('insights.generations.title')}
                summary={genSummary}
                chart={
                  <BarChart
                    data={r.generations.map((g) => ({
                      label: t('insights.generations.label', { generation: g.generation }),
                      values: { people: g.people },
                    }))}
                    series={[{ key: 'people', label: t('insights.generations.people') }]}
                    label={genSummary}
                    minBand={64}
                  />
                }
                table={
                  <FigureTable
                    testId="table-generations"
                    caption={t('insights.generations.title')}
                    columns={[t('insights.generations.column'), t('insights.generations.people')]}
                    rows={r.generations.map((g) => [t('insights.generations.label', { generation: g.generation }), f.cell(g.people)])}
                  />
                }
              />
              <ChartCard
                id={`${id}-load`}
                testId="chart-mentor-loads"
                title={t('insights.mentorLoads.title')}
                summary={loadSummary}
                chart={
                  <BarChart
                    data={r.mentorLoads.map((m) => ({
                      label: loadLabel(m),
                      values: { mentors: m.mentors },
                    }))}
                    series={[{ key: 'mentors', label: t('insights.mentorLoads.mentors') }]}
                    label={loadSummary}
                    minBand={72}
                  />
                }
                table={
                  <FigureTable
                    testId="table-mentor-loads"
                    caption={t('insights.mentorLoads.title')}
                    columns={[t('insights.mentorLoads.column'), t('insights.mentorLoads.mentors')]}
                    rows={r.mentorLoads.map((m) => [loadLabel(m), f.cell(m.mentors)])}
                  />
                }
              />
            </div>
            <ChartCard
              id={`${id}-roles`}
              testId="chart-roles"
              title={t('insights.roles.title')}
              summary={roleSummary}
              chart={
                <LineChart
                  data={r.roles.map(({ month, ...values }) => ({ label: f.month(month), values }))}
                  series={roleSeries}
                  label={roleSummary}
                  minBand={48}
                />
              }
              table={
                <FigureTable
                  testId="table-roles"
                  caption={t('insights.roles.title')}
                  columns={[t('insights.roles.month'), ...roleSeries.map((s) => s.label)]}
                  rows={r.roles.map((m) => [f.month(m.month), f.cell(m.ambassadors), f.cell(m.coordinators)])}
                />
              }
            />
          </div>
        );
      }}
    </Loaded>
  );
}

function Care({ params }: { params: InsightsParams }) {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormat();
  const id = useId();
  const query = useCare(params);
  return (
    <Loaded query={query}>
      {(r) => {
        const categories = supportCategories.map((c) => ({ key: c, label: t(`insights.care.categories.${c}`) }));
        const bands = scoreBands.map((b) => ({ key: b, label: t(`insights.care.bands.${b}`) }));
        const total = sumKnown(r.weeks.flatMap((w) => supportCategories.map((c) => w.byCategory[c])));
        const catSummary = t('insights.care.categorySummary', { months: periodMonths[params.period], total: f.number(total) });
        const bandSummary = t('insights.care.bandSummary');
        const urgent = r.response.find((g) => g.group === 'urgent');
        const standard = r.response.find((g) => g.group === 'standard');
        const timeSummary = t('insights.care.timeSummary', {
          urgentMedian: f.hours(urgent?.medianHours ?? null),
          urgentP90: f.hours(urgent?.p90Hours ?? null),
          urgentOverdue: f.cell(urgent?.overdue),
          standardMedian: f.hours(standard?.medianHours ?? null),
          standardP90: f.hours(standard?.p90Hours ?? null),
          standardOverdue: f.cell(standard?.overdue),
        });
        const groupName = (g: 'urgent' | 'standard') => t(`insights.care.groups.${g}`);
        return (
          <div className="flex flex-col gap-4">
            <ChartCard
              id={`${id}-cat`}
              testId="chart-care-categories"
              title={t('insights.care.categoryTitle')}
              summary={catSummary}
              chart={
                <BarChart
                  stacked
                  isTimeSeries
                  data={r.weeks.map((w) => ({ label: f.week(w.week), values: w.byCategory }))}
                  series={categories}
                  label={catSummary}
                  minBand={22}
                />
              }
              table={
                <FigureTable
                  testId="table-care-categories"
                  caption={t('insights.care.categoryTitle')}
                  columns={[t('insights.weekOf'), ...categories.map((c) => c.label)]}
                  rows={r.weeks.map((w) => [f.week(w.week), ...supportCategories.map((c) => f.cell(w.byCategory[c]))])}
                />
              }
            />
            <ChartCard
              id={`${id}-band`}
              testId="chart-care-bands"
              title={t('insights.care.bandTitle')}
              summary={bandSummary}
              chart={
                <BarChart
                  stacked
                  isTimeSeries
                  data={r.weeks.map((w) => ({ label: f.week(w.week), values: w.byBand }))}
                  series={bands}
                  label={bandSummary}
                  minBand={22}
                />
              }
              table={
                <FigureTable
                  testId="table-care-bands"
                  caption={t('insights.care.bandTitle')}
                  columns={[t('insights.weekOf'), ...bands.map((b) => b.label)]}
                  rows={r.weeks.map((w) => [f.week(w.week), ...scoreBands.map((b) => f.cell(w.byBand[b]))])}
                />
              }
            />
            <ChartCard
              id={`${id}-time`}
              testId="chart-care-response"
              title={t('insights.care.timeTitle')}
              summary={timeSummary}
              chart={
                <div className="grid gap-4 sm:grid-cols-2">
                  {r.response.map((g) => (
                    <BarChart
                      key={g.group}
                      data={[{ label: groupName(g.group), values: { median: g.medianHours, p90: g.p90Hours } }]}
                      series={[
                        { key: 'median', label: t('insights.care.median') },
                        { key: 'p90', label: t('insights.care.p90') },
                      ]}
                      goal={{ value: g.goalHours, label: t('insights.care.goal', { hours: g.goalHours }) }}
                      label={`${groupName(g.group)}: ${t('insights.care.goal', { hours: g.goalHours })}`}
                      minBand={120}
                      height={200}
                    />
                  ))}
                </div>
              }
              table={
                <FigureTable
                  testId="table-care-response"
                  caption={t('insights.care.timeTitle')}
                  columns={[
                    t('insights.care.group'),
                    t('insights.care.requests'),
                    t('insights.care.contacted'),
                    t('insights.care.median'),
                    t('insights.care.p90'),
                    t('insights.care.overdue'),
                  ]}
                  rows={r.response.map((g) => [
                    `${groupName(g.group)} (${t('insights.care.goal', { hours: g.goalHours })})`,
                    f.cell(g.requests),
                    f.cell(g.contacted),
                    f.hours(g.medianHours),
                    f.hours(g.p90Hours),
                    f.cell(g.overdue),
                  ])}
                />
              }
            />
          </div>
        );
      }}
    </Loaded>
  );
}

const initialParams: InsightsParams = { period: '6m', language: 'all', country: '' };

/** The whole tab, for admins and founders. */
export default function InsightsPanel() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useState(initialParams);
  return (
    <div className="flex min-w-0 flex-col gap-8 pt-4" data-testid="insights-panel">
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{t('insights.intro')}</p>
        <Filters params={params} onChange={setParams} />
      </div>
      <Section title={t('insights.sections.funnel')} testId="insights-funnel">
        <Funnel params={params} />
      </Section>
      <Section title={t('insights.sections.growth')} testId="insights-growth">
        <Growth params={params} />
      </Section>
      <Section title={t('insights.sections.multiplication')} testId="insights-multiplication">
        <Multiplication params={params} />
      </Section>
      <Section
        title={t('insights.sections.care')}
        intro={<p className="text-sm text-muted-foreground">{t('insights.care.noCountry')}</p>}
        testId="insights-care"
      >
        <Care params={params} />
      </Section>
    </div>
  );
}

/** The care charts alone, for a responder who is not an admin (the figures of the inbox they work). */
export function CareInsights() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useState(initialParams);
  return (
    <Section
      title={t('insights.sections.care')}
      intro={<p className="text-sm text-muted-foreground">{t('insights.care.responderIntro')}</p>}
      testId="insights-care"
    >
      <Filters params={params} onChange={setParams} withCountry={false} />
      <Care params={params} />
    </Section>
  );
}
