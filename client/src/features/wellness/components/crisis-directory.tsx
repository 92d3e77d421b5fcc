import { ExternalLink, LifeBuoy, MessageCircle, MessageSquareText, Phone, Siren } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  crisisLinesFor, crisisRegions, emergencyNumbers, guessCrisisRegion, helplineDirectory, type CrisisActionKind, type CrisisLine, type CrisisRegion,
} from '../../../../../common/domain/crisis-lines.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/utils.ts';

/** The country whose crisis lines the page shows: guessed from the browser, changed with the picker. Kept in memory only. */
export function useCrisisRegion() {
  return useState<CrisisRegion>(() =>
    guessCrisisRegion({ languages: typeof navigator === 'undefined' ? [] : navigator.languages, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
  );
}

/** A region's name in the reader's language ("Canada", "Royaume-Uni", "Another country"). */
export function useRegionName() {
  const { t, i18n } = useTranslation('public');
  const names = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'region' });
  return (region: CrisisRegion) => (region === 'international' ? t('crisis.otherCountry') : (names.of(region) ?? region));
}

/** The country picker; several can show the same choice on one page. */
export function CrisisRegionPicker({ region, onChange, className }: { region: CrisisRegion; onChange: (r: CrisisRegion) => void; className?: string }) {
  const { t } = useTranslation('public');
  const regionName = useRegionName();
  const id = useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {t('crisis.country')}
      </label>
      <NativeSelect id={id} value={region} onChange={(e) => onChange(e.target.value as CrisisRegion)} className="h-10 w-auto min-w-44" data-testid="crisis-country">
        {crisisRegions.map((r) => (
          <option key={r} value={r}>
            {regionName(r)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

const actionIcons: Record<CrisisActionKind, typeof Phone> = { call: Phone, text: MessageSquareText, chat: MessageCircle, web: ExternalLink };
const isWeb = (href: string) => href.startsWith('http');

/** One line: its name, who it is for, and a link for each way to reach it. */
function CrisisLineItem({ line }: { line: CrisisLine }) {
  const { t, i18n } = useTranslation('public');
  const languageNames = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'language' });
  const facts = [
    line.isAllDay ? t('crisis.allDay') : null,
    line.languages ? t('crisis.languages', { languages: new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(line.languages.map((l) => languageNames.of(l) ?? l)) }) : null,
    line.ages ? t('crisis.ages', { from: line.ages[0], to: line.ages[1] }) : null,
    t(`crisis.lines.${line.id}.note`),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-3 sm:p-4" data-testid={`crisis-line-${line.id}`}>
      <div>
        <p className="font-semibold">{t(`crisis.lines.${line.id}.name`)}</p>
        <p className="text-sm text-muted-foreground">{facts.join(' · ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {line.actions.map(({ kind, href }) => {
          const Icon = actionIcons[kind];
          return (
            <a
              key={kind}
              href={href}
              {...(isWeb(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-destructive/50 bg-background px-3 py-2 text-sm font-bold transition hover:border-destructive hover:bg-destructive/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {t(`crisis.actions.${kind}`, { number: line.display })}
            </a>
          );
        })}
      </div>
    </li>
  );
}

/** "In immediate danger, call 15 now." for the chosen country, or the local number in general. */
export function EmergencyLine({ region, className }: { region: CrisisRegion; className?: string }) {
  const { t } = useTranslation('public');
  const emergency = emergencyNumbers[region];
  return (
    <p className={cn('flex items-start gap-2 text-sm font-semibold', className)} data-testid="emergency-line">
      <Siren className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      {emergency ? (
        <span>
          {t('crisis.emergency', { number: emergency.display })}{' '}
          <a href={emergency.href} className="underline underline-offset-4">
            {t('crisis.actions.call', { number: emergency.display })}
          </a>
        </span>
      ) : (
        <span>{t('crisis.emergencyLocal')}</span>
      )}
    </p>
  );
}

/** The crisis directory (issue 11): the chosen country's free lines, its emergency number, and a directory for anywhere else. */
export function CrisisDirectory({ region, onRegionChange }: { region: CrisisRegion; onRegionChange: (r: CrisisRegion) => void }) {
  const { t } = useTranslation('public');
  const lines = crisisLinesFor(region);
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
        <ul className="grid gap-2 sm:grid-cols-2">
          {lines.map((line) => (
            <CrisisLineItem key={line.id} line={line} />
          ))}
        </ul>
        <EmergencyLine region={region} />
        {region !== 'international' && (
          <p className="text-sm">
            {t('crisis.elsewhere')}{' '}
            <a href={helplineDirectory.actions[0]!.href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
              {t('crisis.actions.web')}
            </a>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
