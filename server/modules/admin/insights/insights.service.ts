import {
  generationBuckets,
  mentorLoadBuckets,
  MIN_CELL_COUNT,
  type CareReport,
  type CountCell,
  type FunnelReport,
  type GrowthReport,
  type InsightsFilters,
  type MultiplicationReport,
} from '#common/contracts/insights.ts';
import { scoreBands, STANDARD_DEADLINE_HOURS, supportCategories, URGENT_DEADLINE_HOURS } from '#common/domain/support.ts';
import { AppError } from '#server/lib/app-error.ts';

import type { InsightsRepository } from './insights.repository.ts';

/**
 * A count as it may leave the server: 1 to 4 become null ("fewer than 5"), so no cell of a chart
 * points at one young person. Zero stays zero: it singles out nobody.
 */
export const suppress = (n: number): CountCell => (n > 0 && n < MIN_CELL_COUNT ? null : n);

/** Hours rounded to a tenth; null when fewer than 5 requests were timed (a median of 3 people describes them). */
const hoursOf = (hours: number | null, timed: number) => (hours === null || timed < MIN_CELL_COUNT ? null : Math.round(hours * 10) / 10);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The precomputed figures are rebuilt when older than this (looked at every hour): about once a day. */
export const REFRESH_AFTER_MS = 23.5 * 3_600_000;

export const insightsServiceFactory = ({ insightsRepo }: { insightsRepo: InsightsRepository }) => {
  // Read once per process: the names change only with a PostgreSQL upgrade.
  let knownZones: Promise<Set<string>> | undefined;
  /** A zone the browser knows but PostgreSQL does not is the caller's mistake (400), not a failed query (500). */
  async function checkTimeZone(f: InsightsFilters) {
    knownZones ??= insightsRepo.timeZoneNames().catch((err: unknown) => {
      knownZones = undefined;
      throw err;
    });
    if (!(await knownZones).has(f.tz)) throw new AppError('VALIDATION_FAILED', `tz: ${f.tz} is not a time zone the database knows`);
  }
  return {
    /** Rebuilds the precomputed figures when they were never built or are older than REFRESH_AFTER_MS. */
    async refreshIfStale() {
      const last = await insightsRepo.refreshedAt();
      if (!last || Date.now() - last.getTime() > REFRESH_AFTER_MS) await insightsRepo.refresh();
    },

    async getFunnel(f: InsightsFilters, slug: string | undefined): Promise<FunnelReport> {
      await checkTimeZone(f);
      const all = await insightsRepo.courses();
      const toChoice = (c: (typeof all)[number]) => ({
        slug: c.slug,
        kind: c.kind,
        title: { en: c.titleEn ?? c.slug, fr: c.titleFr ?? c.titleEn ?? c.slug },
      });
      const chosen = slug === undefined ? (all.find((c) => c.isPrimary) ?? all[0]) : all.find((c) => c.slug === slug);
      if (!chosen) throw new AppError('NOT_FOUND', 'No course or track with this slug.');
      const [steps, refreshedAt] = await Promise.all([insightsRepo.funnel(f, chosen.slug), insightsRepo.refreshedAt()]);
      return {
        courses: all.map(toChoice),
        course: toChoice(chosen),
        steps: steps.map((s) => ({
          step: s.step,
          ...(chosen.kind === 'track' ? {} : { opened: suppress(s.opened) }),
          passed: suppress(s.passed),
        })),
        refreshedAt: iso(refreshedAt),
      };
    },

    async getGrowth(f: InsightsFilters): Promise<GrowthReport> {
      await checkTimeZone(f);
      const [weeks, refreshedAt] = await Promise.all([insightsRepo.growth(f), insightsRepo.refreshedAt()]);
      return {
        weeks: weeks.map((w) => ({
          week: w.week,
          signups: suppress(w.signups),
          firstLessons: suppress(w.firstLessons),
          certificates: suppress(w.certificates),
          links: suppress(w.links),
        })),
        refreshedAt: iso(refreshedAt),
      };
    },

    async getMultiplication(f: InsightsFilters): Promise<MultiplicationReport> {
      await checkTimeZone(f);
      const [snapshots, roles, refreshedAt] = await Promise.all([
        insightsRepo.snapshots(f),
        insightsRepo.rolesOverTime(f),
        insightsRepo.refreshedAt(),
      ]);
      const count = (metric: 'generation' | 'mentor_load', step: number) =>
        snapshots.find((s) => s.metric === metric && s.step === step)?.n ?? 0;
      return {
        generations: generationBuckets.map((generation, i) => ({
          generation,
          people: suppress(count('generation', i + 1)),
        })),
        mentorLoads: mentorLoadBuckets.map((disciples, i) => ({ disciples, mentors: suppress(count('mentor_load', i + 1)) })),
        roles: roles.map((r) => ({
          month: r.month,
          ambassadors: suppress(Math.max(0, r.ambassadors)),
          coordinators: suppress(Math.max(0, r.coordinators)),
        })),
        refreshedAt: iso(refreshedAt),
      };
    },

    async getCare(f: InsightsFilters): Promise<CareReport> {
      await checkTimeZone(f);
      const [weeks, counts, response] = await Promise.all([insightsRepo.weeks(f), insightsRepo.careWeeks(f), insightsRepo.careResponse(f)]);
      const n = (week: string, kind: 'category' | 'band', key: string) =>
        counts.find((c) => c.week === week && c.kind === kind && c.key === key)?.n ?? 0;
      return {
        weeks: weeks.map((week) => ({
          week,
          byCategory: Object.fromEntries(
            supportCategories.map((c) => [c, suppress(n(week, 'category', c))]),
          ) as CareReport['weeks'][number]['byCategory'],
          byBand: Object.fromEntries(scoreBands.map((b) => [b, suppress(n(week, 'band', b))])) as CareReport['weeks'][number]['byBand'],
        })),
        response: response.map((r) => ({
          group: r.goalHours === URGENT_DEADLINE_HOURS ? ('urgent' as const) : ('standard' as const),
          goalHours: r.goalHours === URGENT_DEADLINE_HOURS ? URGENT_DEADLINE_HOURS : STANDARD_DEADLINE_HOURS,
          requests: suppress(r.requests),
          contacted: suppress(r.contacted),
          medianHours: hoursOf(r.medianHours, r.contacted),
          p90Hours: hoursOf(r.p90Hours, r.contacted),
          overdue: suppress(r.overdue),
        })),
      };
    },
  };
};
export type InsightsService = ReturnType<typeof insightsServiceFactory>;
