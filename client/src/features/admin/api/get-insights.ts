import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import {
  insightsPaths,
  type CareReport,
  type FunnelReport,
  type GrowthReport,
  type InsightPeriod,
  type MultiplicationReport,
} from '#common/contracts/insights.ts';
import type { OnboardingCountry } from '#common/contracts/onboarding.ts';

/** The Insights tab's filters; weeks start in this browser's time zone. */
export interface InsightsParams {
  period: InsightPeriod;
  language: 'all' | 'en' | 'fr';
  country: OnboardingCountry | '';
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const queryString = ({ period, language, country }: InsightsParams, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ period, language, tz: browserTimeZone(), ...extra });
  if (country) q.set('country', country);
  return q.toString();
};

const insightsKey = (name: string, params: object) => ['admin', 'insights', name, params] as const;
// Figures move once a night (or with a new callback request): no refetch on every focus.
const steady = { staleTime: 5 * 60_000, placeholderData: keepPreviousData };

export const useFunnel = (params: InsightsParams, course: string | undefined) =>
  useQuery({
    queryKey: insightsKey('funnel', { ...params, course }),
    queryFn: () => getJson<FunnelReport>(`${insightsPaths.funnel}?${queryString(params, course ? { course } : {})}`),
    ...steady,
  });

export const useGrowth = (params: InsightsParams) =>
  useQuery({
    queryKey: insightsKey('growth', params),
    queryFn: () => getJson<GrowthReport>(`${insightsPaths.growth}?${queryString(params)}`),
    ...steady,
  });

export const useMultiplication = (params: InsightsParams) =>
  useQuery({
    queryKey: insightsKey('multiplication', params),
    queryFn: () => getJson<MultiplicationReport>(`${insightsPaths.multiplication}?${queryString(params)}`),
    ...steady,
  });

export const useCare = (params: InsightsParams) =>
  useQuery({
    queryKey: insightsKey('care', params),
    queryFn: () => getJson<CareReport>(`${insightsPaths.care}?${queryString(params)}`),
    ...steady,
  });
