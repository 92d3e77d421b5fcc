import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { insightsApi, type InsightPeriod } from '#common/contracts/insights.ts';
import type { OnboardingCountry } from '#common/contracts/onboarding.ts';

/** The Insights tab's filters; weeks start in this browser's time zone. */
export interface InsightsParams {
  period: InsightPeriod;
  language: 'all' | 'en' | 'fr';
  country: OnboardingCountry | '';
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The server's query: every country unless one is chosen (the funnel adds its course). */
const queryOf = ({ period, language, country }: InsightsParams, course?: string) => ({
  period,
  language,
  tz: browserTimeZone(),
  course,
  country: country || undefined,
});

const insightsKey = (name: string, params: object) => ['admin', 'insights', name, params] as const;
// Figures move once a night (or with a new callback request): no refetch on every focus.
const steady = { staleTime: 5 * 60_000, placeholderData: keepPreviousData };

export const useFunnel = (params: InsightsParams, course: string | undefined) =>
  useQuery({
    queryKey: insightsKey('funnel', { ...params, course }),
    queryFn: () => call(insightsApi.funnel, { query: queryOf(params, course) }),
    ...steady,
  });

export const useGrowth = (params: InsightsParams) =>
  useQuery({
    queryKey: insightsKey('growth', params),
    queryFn: () => call(insightsApi.growth, { query: queryOf(params) }),
    ...steady,
  });

export const useMultiplication = (params: InsightsParams) =>
  useQuery({
    queryKey: insightsKey('multiplication', params),
    queryFn: () => call(insightsApi.multiplication, { query: queryOf(params) }),
    ...steady,
  });

export const useCare = (params: InsightsParams) =>
  useQuery({
    queryKey: insightsKey('care', params),
    queryFn: () => call(insightsApi.care, { query: queryOf(params) }),
    ...steady,
  });
