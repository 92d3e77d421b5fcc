import { ExternalLink, HeartHandshake, House, LifeBuoy, MessageSquareText, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { crisisLinesFor, helplineDirectory, type CrisisLine, type CrisisRegion } from '#common/domain/crisis-lines.ts';

import { actionLabelNumber, CrisisRegionPicker, EmergencyLine, isWeb } from './crisis-directory.tsx';
import { lineName } from './crisis-line-keys.ts';

/*
 * Help on the check's own screens (docs/decisions/061): a "Need help now?" line above every step's
 * questions, and at the top of the results crisis help for a red flag and the country's
 * child-protection line for a worry at home. Each shows a line of the chosen country, or the
 * international directory where the directory has none.
 */

/** The chosen country's first line (its main one), if the directory has one. */
export const mainLineFor = (region: CrisisRegion): CrisisLine | undefined => crisisLinesFor(region)[0];

/** The chosen country's child-protection line (topic `child-protection` in the directory), if it has one. */
export const childProtectionLineFor = (region: CrisisRegion): CrisisLine | undefined =>
  crisisLinesFor(region).find((l) => l.topics?.includes('child-protection'));

/** A line's call and text links (one tap on a phone), or its web address when it has neither. */
function LineActions({ line, size = 'lg' }: { line: CrisisLine; size?: 'lg' | 'sm' }) {
  const { t } = useTranslation('public');
  const reachable = line.actions.filter((a) => a.kind === 'call' || a.kind === 'text');
  const actions = reachable.length > 0 ? reachable : line.actions.slice(0, 1);
  return (
    <>
      {actions.map((action, i) => {
        const { kind, href } = action;
        const Icon = kind === 'text' ? MessageSquareText : kind === 'call' ? Phone : ExternalLink;
        const className =
          size === 'lg'
            ? cn(
                buttonVariants({ variant: i === 0 ? 'destructive' : 'outline', size: 'lg' }),
                'h-auto min-h-12 whitespace-normal py-2',
                i > 0 && 'border-destructive/60',
              )
            : 'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-bold text-destructive underline underline-offset-4 hover:bg-destructive/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
        return (
          <a
            key={`${kind}-${href}`}
            href={href}
            {...(isWeb(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className={className}
            data-testid={`line-action-${kind}`}
          >
            <Icon aria-hidden className="size-4 shrink-0" />
            {t(`crisis.actions.${kind}`, { number: actionLabelNumber(line, action) })}
          </a>
        );
      })}
    </>
  );
}

/** The line's name and its one-tap ways, or the directory (and a word that none is known) when the country has no line. */
function LineWithName({ line, label }: { line: CrisisLine | undefined; label?: (name: string) => string }) {
  const { t } = useTranslation('public');
  const shown = line ?? helplineDirectory;
  const name = t(lineName(shown.id));
  return (
    <div className="flex flex-col gap-2" data-testid="help-line" data-line={shown.id}>
      {!line && <p className="text-sm">{t('soulCheck.help.noLine')}</p>}
      <p className="font-semibold">{label ? label(name) : name}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <LineActions line={shown} />
      </div>
    </div>
  );
}

/** "Need help now? 988 Suicide & Crisis Lifeline: Call 988 · Text 988", on every step of the check. */
export function NeedHelpNow({ region, className }: { region: CrisisRegion; className?: string }) {
  const { t } = useTranslation('public');
  const line = mainLineFor(region) ?? helplineDirectory;
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-1.5 text-sm',
        className,
      )}
      data-testid="need-help-now"
    >
      <LifeBuoy className="size-4 shrink-0 text-destructive" aria-hidden />
      <span className="font-semibold">{t('soulCheck.help.needHelpNow')}</span>
      <span>{t(lineName(line.id))}</span>
      <LineActions line={line} size="sm" />
    </p>
  );
}

interface RegionProps {
  region: CrisisRegion;
  /** Shows the country picker in the card (the first help card of the results has it). */
  onRegionChange?: (region: CrisisRegion) => void;
}

function HelpCard({ testId, icon, title, children }: { testId: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${testId}-title`}
      className="flex flex-col gap-3 rounded-2xl border-2 border-destructive/50 bg-destructive/5 p-4 shadow-sm sm:p-6"
      data-testid={testId}
    >
      <h3 id={`${testId}-title`} className="flex items-center gap-2 text-xl font-bold tracking-tight">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * For a red flag, first on the results: someone to tell today, the country's main line in one tap,
 * the emergency number, and the callback. Hope beside help, nothing about means (safe-messaging guidance).
 */
export function CrisisHelp({ region, onRegionChange, onAskCallback }: RegionProps & { onAskCallback: () => void }) {
  const { t } = useTranslation('public');
  return (
    <HelpCard
      testId="crisis-help"
      icon={<LifeBuoy className="size-6 shrink-0 text-destructive" aria-hidden />}
      title={t('soulCheck.help.crisisTitle')}
    >
      <p>{t('soulCheck.help.crisisText')}</p>
      <p className="font-medium">{t('soulCheck.help.crisisNow')}</p>
      {onRegionChange && <CrisisRegionPicker region={region} onChange={onRegionChange} />}
      <LineWithName line={mainLineFor(region)} />
      <EmergencyLine region={region} />
      <p className="text-sm text-muted-foreground">{t('soulCheck.help.crisisHope')}</p>
      <Button variant="outline" className="self-start" onClick={onAskCallback}>
        <HeartHandshake aria-hidden />
        {t('soulCheck.help.askCallback')}
      </Button>
    </HelpCard>
  );
}

/** For a worry at home: it is not their fault, adults to tell, and the country's child-protection line (else its main line). */
export function HomeSafetyHelp({ region, onRegionChange }: RegionProps) {
  const { t } = useTranslation('public');
  const childLine = childProtectionLineFor(region);
  const line = childLine ?? mainLineFor(region);
  return (
    <HelpCard
      testId="home-safety"
      icon={<House className="size-6 shrink-0 text-destructive" aria-hidden />}
      title={t('soulCheck.help.homeTitle')}
    >
      <p>{t('soulCheck.help.homeText')}</p>
      {onRegionChange && <CrisisRegionPicker region={region} onChange={onRegionChange} />}
      <LineWithName
        line={line}
        label={(name) => t(childLine ? 'soulCheck.help.homeChildLine' : 'soulCheck.help.homeOtherLine', { name })}
      />
      <EmergencyLine region={region} />
      <p className="text-sm text-muted-foreground">{t('soulCheck.help.homeForgive')}</p>
    </HelpCard>
  );
}
