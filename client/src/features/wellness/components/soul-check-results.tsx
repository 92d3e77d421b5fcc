import { ExternalLink, HeartHandshake, Phone, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { helplineDirectory, type CrisisLine, type CrisisRegion } from '#common/domain/crisis-lines.ts';
import {
  isHomeConcern,
  raisedRedFlags,
  scoreBandFor,
  sectionResults,
  soulCheckSections,
  supportCategoryFor,
  type Answers,
  type Level,
} from '#common/domain/soul-check.ts';

import { actionLabelNumber, isWeb } from './crisis-directory.tsx';
import { lineName } from './crisis-line-keys.ts';
import { CrisisHelp, HomeSafetyHelp, mainLineFor } from './help-now.tsx';
import { SafetyNotice } from './safety-notice.tsx';
import { SupportBlock, useCallbackForm } from './support-block.tsx';

interface Verse {
  text: string;
  ref: string;
  version: string;
}

function VerseBlock({ verse, className }: { verse: Verse; className?: string }) {
  return (
    <figure className={cn('rounded-xl border-l-4 border-gold bg-accent/50 p-4', className)}>
      <blockquote className="font-serif italic leading-relaxed">{verse.text}</blockquote>
      <figcaption className="mt-2 text-sm font-semibold text-muted-foreground">
        {verse.ref} <span className="font-normal">({verse.version})</span>
      </figcaption>
    </figure>
  );
}

/** Each level's colour, shown as a dot beside dark-on-light text so the label itself keeps full contrast. */
const levelDot: Record<Level, string> = { healthy: 'bg-success', growth: 'bg-gold', support: 'bg-destructive' };

/** The chosen country's main crisis line as the first thing to press, or the helpline directory where it has none. */
function CrisisCallButton({ line }: { line: CrisisLine }) {
  const { t } = useTranslation('public');
  const action = line.actions[0]!;
  const isWebAction = isWeb(action.href);
  return (
    <a
      href={action.href}
      {...(isWebAction ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={buttonVariants({ variant: 'destructive', size: 'lg' })}
      data-testid="crisis-call"
    >
      {isWebAction ? <ExternalLink aria-hidden /> : <Phone aria-hidden />}
      {isWebAction ? t('soulCheck.results.findHelpline') : t('soulCheck.results.callLine', { number: actionLabelNumber(line, action) })}
    </a>
  );
}

interface RegionProps {
  region: CrisisRegion;
  onRegionChange: (region: CrisisRegion) => void;
}

/**
 * The check's results, the support offer and its callback form. A red flag puts crisis help first
 * and a worry at home the child-protection line, whatever the counts (docs/decisions/061). Its own chunk (with
 * react-hook-form and zod for the form): the first screen of the check paints without them, and
 * the page downloads this once it has painted, long before anyone can finish the questions
 * (docs/decisions/048).
 */
export default function Results({
  answers,
  onTakeAgain,
  region,
  onRegionChange,
}: { answers: Answers; onTakeAgain: () => void } & RegionProps) {
  const { t } = useTranslation('public');
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The results replace the questions: the reader lands on their title.
  useEffect(() => titleRef.current?.focus(), []);
  const mainLine = mainLineFor(region) ?? helplineDirectory;
  const callback = useCallbackForm();
  const supportRef = useRef<HTMLDivElement>(null);
  const results = sectionResults(answers);
  const hasRedFlag = raisedRedFlags(answers).length > 0;
  const isHomeWorry = isHomeConcern(answers);

  const connect = () => {
    const block = supportRef.current?.querySelector<HTMLElement>('#support');
    block?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    block?.focus({ preventScroll: true });
  };

  return (
    <div className="flex flex-col gap-8" data-testid="soul-check-results">
      <div>
        <h2 ref={titleRef} className="text-2xl font-bold tracking-tight sm:text-3xl" tabIndex={-1} id="results-title">
          {t('soulCheck.results.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('soulCheck.results.intro')}</p>
      </div>
      {hasRedFlag && <CrisisHelp region={region} onRegionChange={onRegionChange} onAskCallback={connect} />}
      {isHomeWorry && <HomeSafetyHelp region={region} onRegionChange={hasRedFlag ? undefined : onRegionChange} />}
      <SafetyNotice region={region} onRegionChange={onRegionChange} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <CrisisCallButton line={mainLine} />
        <Button size="lg" onClick={connect}>
          <HeartHandshake aria-hidden />
          {t('soulCheck.results.connect')}
        </Button>
        <Button size="lg" variant="outline" onClick={onTakeAgain}>
          <RotateCcw aria-hidden />
          {t('soulCheck.results.takeAgain')}
        </Button>
      </div>
      <p className="-mt-5 text-sm text-muted-foreground">
        {mainLine === helplineDirectory
          ? t('soulCheck.results.findHelplineHint')
          : t('soulCheck.results.callLineHint', { name: t(lineName(mainLine.id)) })}
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {results.map(({ sectionIndex, yesCount, questionCount, level, redFlags }) => {
          const section = soulCheckSections[sectionIndex]!;
          const base = `soulCheck.sections.${section.id}` as const;
          return (
            <li key={section.id} data-testid={`result-${section.id}`} data-level={level} data-red-flag={redFlags.length > 0 || undefined}>
              <Card className={cn('h-full', level === 'support' && 'border-destructive/50')}>
                <CardHeader className="gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle>{t(`${base}.title`)}</CardTitle>
                    <Badge variant="outline" className="gap-1.5 text-sm">
                      <span className={cn('size-2.5 rounded-full', levelDot[level])} aria-hidden />
                      {t(`soulCheck.results.levels.${level}`)}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {t('soulCheck.results.yesCount', { count: yesCount, total: questionCount })}
                  </p>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  {redFlags.length > 0 && <p className="font-medium">{t('soulCheck.results.flagNote')}</p>}
                  {level === 'healthy' && <p>{t(`${base}.affirmation`)}</p>}
                  {level === 'growth' && <p>{t('soulCheck.results.growthIntro')}</p>}
                  {level === 'support' && <p>{t('soulCheck.results.supportIntro')}</p>}
                  {level !== 'healthy' && (
                    <>
                      <VerseBlock verse={t(`${base}.verse`, { returnObjects: true }) as Verse} />
                      <div className="rounded-xl bg-secondary/60 p-4">
                        <p className="text-xs font-semibold uppercase tracking-wide text-secondary-foreground">
                          {t('soulCheck.results.challenge')}
                        </p>
                        <p className="mt-1 font-semibold">{t(`${base}.challenge.title`)}</p>
                        <p className="mt-1 text-sm">{t(`${base}.challenge.text`)}</p>
                      </div>
                    </>
                  )}
                  {level === 'support' && (
                    <Button
                      variant="outline"
                      onClick={() => {
                        callback.setValue('category', supportCategoryFor(section.category));
                        connect();
                      }}
                    >
                      <HeartHandshake aria-hidden />
                      {t('soulCheck.results.talkToAmbassador')}
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <div ref={supportRef}>
        <SupportBlock band={scoreBandFor(answers)} form={callback} region={region} onRegionChange={onRegionChange} />
      </div>
    </div>
  );
}
