import { useQuery } from '@tanstack/react-query';
import { ExternalLink, LifeBuoy, MessageCircle, MessageSquareText, Phone, Siren } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { cn } from '#client/lib/utils.ts';
import {
  crisisCountries,
  crisisLinesFor,
  emergencyNumberFor,
  guessCrisisRegionWithSource,
  hasVerifiedLines,
  helplineDirectory,
  type CrisisAction,
  type CrisisActionKind,
  type CrisisLine,
  type CrisisRegion,
  type CrisisRegionGuess,
} from '#common/domain/crisis-lines.ts';

import { lineName, lineNote } from './crisis-line-keys.ts';

/** The browser's side of the guess: its languages and time zone. */
const browserHints = () => ({
  languages: typeof navigator === 'undefined' ? [] : navigator.languages,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/**
 * Where the country of the crisis lines comes from: a signed-in person's own country, else the
 * device's time zone, else its language, else nobody knows and the person is asked (decision 060).
 * The signed-in person's country is used when the app already has it (a page reached from inside
 * the app); a public page opened directly asks nobody who the visitor is.
 */
export function useCrisisRegionGuess(): CrisisRegionGuess {
  // Only a signed-in person the app already knows (never a request: public pages make none).
  const { data: user } = useQuery({ ...currentUserQuery, enabled: false });
  const profileCountry = user?.country ?? null;
  return useMemo(() => guessCrisisRegionWithSource({ ...browserHints(), profileCountry }), [profileCountry]);
}

/**
 * The country whose crisis lines the page shows: guessed (see useCrisisRegionGuess), changed with
 * the picker. Kept in memory only. A guess that improves later (the signed-in person's profile
 * arrives after the first paint) replaces the first one until the person chooses a country.
 */
export function useCrisisRegion() {
  const guess = useCrisisRegionGuess();
  const [chosen, setChosen] = useState<CrisisRegion | null>(null);
  const choose = (next: CrisisRegion) => setChosen(next);
  return [chosen ?? guess.region, choose] as const;
}

/** A region's name in the reader's language ("Côte d'Ivoire", "Suisse", "Another country or not sure"). */
export function useRegionName() {
  const { t, i18n } = useTranslation('public');
  const lng = i18n.resolvedLanguage ?? 'en';
  const names = useMemo(() => new Intl.DisplayNames([lng], { type: 'region', fallback: 'code' }), [lng]);
  return (region: CrisisRegion) => (region === 'international' ? t('crisis.otherCountry') : (names.of(region) ?? region));
}

/** Every country of the picker, by name in the reader's language. */
function useSortedCountries() {
  const { i18n } = useTranslation('public');
  const regionName = useRegionName();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const collator = new Intl.Collator(lng);
    return crisisCountries.map((code) => ({ code, name: regionName(code) })).sort((a, b) => collator.compare(a.name, b.name));
    // regionName changes with the language only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lng]);
}

/** What the picker says about the shown country: guessed from what, from the profile, or unknown. */
function GuessNote({ region }: { region: CrisisRegion }) {
  const { t } = useTranslation('public');
  const guess = useCrisisRegionGuess();
  const regionName = useRegionName();
  if (region === 'international')
    return (
      <p className="text-sm font-medium" data-testid="crisis-country-note" data-source="none">
        {t('crisis.guess.none')}
      </p>
    );
  if (region !== guess.region || guess.source === 'none') return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="crisis-country-note" data-source={guess.source}>
      {t(`crisis.guess.${guess.source}`, { country: regionName(region) })}
    </p>
  );
}

/** The country picker, with what the shown country comes from; several can show the same choice on one page. */
export function CrisisRegionPicker({
  region,
  onChange,
  className,
}: {
  region: CrisisRegion;
  onChange: (r: CrisisRegion) => void;
  className?: string;
}) {
  const { t } = useTranslation('public');
  const countries = useSortedCountries();
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {t('crisis.country')}
        </label>
        <NativeSelect
          id={id}
          value={region}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-auto min-w-44 max-w-full"
          data-testid="crisis-country"
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
          <option value="international">{t('crisis.otherCountry')}</option>
        </NativeSelect>
      </div>
      <GuessNote region={region} />
    </div>
  );
}

const actionIcons: Record<CrisisActionKind, typeof Phone> = {
  call: Phone,
  text: MessageSquareText,
  chat: MessageCircle,
  web: ExternalLink,
};
/** Whether a way to reach a line is a web address (opened in a new tab). */
export const isWeb = (href: string) => href.startsWith('http');

/** The words of a way to reach a line: "Call 988", "Text 686868", "Chat online". */
export const actionLabelNumber = (line: CrisisLine, action: CrisisAction) => action.number ?? line.display;

/** One line: its name, who it is for, and a link for each way to reach it. */
function CrisisLineItem({ line }: { line: CrisisLine }) {
  const { t, i18n } = useTranslation('public');
  const lng = i18n.resolvedLanguage ?? 'en';
  const languageNames = new Intl.DisplayNames([lng], { type: 'language' });
  const facts = [
    line.isAllDay ? t('crisis.allDay') : null,
    line.isFree ? t('crisis.free') : null,
    line.languages
      ? t('crisis.languages', {
          languages: new Intl.ListFormat(lng, { type: 'conjunction' }).format(line.languages.map((l) => languageNames.of(l) ?? l)),
        })
      : null,
    line.ages
      ? line.ages[0] === null
        ? t('crisis.agesUpTo', { to: line.ages[1] })
        : t('crisis.ages', { from: line.ages[0], to: line.ages[1] })
      : null,
    t(lineNote(line.id)),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-3 sm:p-4" data-testid={`crisis-line-${line.id}`}>
      <div>
        <p className="font-semibold">{t(lineName(line.id))}</p>
        <p className="text-sm text-muted-foreground">{facts.join(' · ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {line.actions.map((action) => {
          const Icon = actionIcons[action.kind];
          return (
            <a
              key={`${action.kind}-${action.href}`}
              href={action.href}
              {...(isWeb(action.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-destructive/50 bg-background px-3 py-2 text-sm font-bold transition hover:border-destructive hover:bg-destructive/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {t(`crisis.actions.${action.kind}`, { number: actionLabelNumber(line, action) })}
            </a>
          );
        })}
      </div>
    </li>
  );
}

/** "In immediate danger, call 112 or 144 now." for the chosen country, or the local number when the country is unknown. */
export function EmergencyLine({ region, className }: { region: CrisisRegion; className?: string }) {
  const { t, i18n } = useTranslation('public');
  const emergency = emergencyNumberFor(region);
  const or = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'disjunction' });
  return (
    <p className={cn('flex items-start gap-2 text-sm font-semibold', className)} data-testid="emergency-line">
      <Siren className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      {emergency ? (
        <span>
          {t('crisis.emergency', { number: or.format(emergency.numbers.map((n) => n.display)) })}{' '}
          {emergency.numbers.map((n, i) => (
            <span key={n.display}>
              {i > 0 && ' · '}
              <a href={n.href} className="underline underline-offset-4">
                {t('crisis.actions.call', { number: n.display })}
              </a>
            </span>
          ))}
        </span>
      ) : (
        <span>{t('crisis.emergencyLocal')}</span>
      )}
    </p>
  );
}

/** The international directory link. */
function DirectoryLink() {
  const { t } = useTranslation('public');
  return (
    <a
      href={helplineDirectory.actions[0]!.href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline underline-offset-4"
    >
      {t('crisis.actions.web')}
    </a>
  );
}

/**
 * The crisis directory: the chosen country's lines, its emergency number and the international
 * directory. Where no line of the country could be verified it says so, and offers the emergency
 * number, the directory and our callback (the form below it in the support block).
 */
export function CrisisDirectory({ region, onRegionChange }: { region: CrisisRegion; onRegionChange: (r: CrisisRegion) => void }) {
  const { t } = useTranslation('public');
  const regionName = useRegionName();
  const lines = crisisLinesFor(region);
  const isUnverified = region !== 'international' && !hasVerifiedLines(region);
  return (
    <Card className="border-destructive/40 bg-destructive/5" data-testid="hotlines" data-region={region}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoy className="size-5 text-destructive" aria-hidden />
          {t('crisis.title')}
        </CardTitle>
        <CardDescription className="text-foreground/80">{t('crisis.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CrisisRegionPicker region={region} onChange={onRegionChange} />
        <EmergencyLine region={region} />
        {isUnverified ? (
          <p className="text-sm" data-testid="no-verified-line">
            {t('crisis.noLine', { country: regionName(region) })} {t('crisis.callbackBelow')} <DirectoryLink />
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {lines.map((line) => (
              <CrisisLineItem key={line.id} line={line} />
            ))}
          </ul>
        )}
        {region !== 'international' && !isUnverified && (
          <p className="text-sm">
            {t('crisis.elsewhere')} <DirectoryLink />
          </p>
        )}
      </CardContent>
    </Card>
  );
}
