import { ArrowLeft, ArrowRight, ExternalLink, HeartHandshake, Phone, Quote, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerKey, answerValues, isCheckComplete, isSectionComplete, progressPercent, QUESTIONS_PER_SECTION, SECTION_COUNT, sectionResults, soulCheckSections, supportCategoryFor,
  type Answer, type Answers, type Level,
} from '../../../../../common/domain/soul-check.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { PrivacyNote } from '../../../components/layout/privacy-note.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/utils.ts';
import { crisisLinesFor, type CrisisRegion } from '../../../../../common/domain/crisis-lines.ts';
import { useCrisisRegion } from './crisis-directory.tsx';
import { SafetyNotice } from './safety-notice.tsx';
import { SupportBlock, useCallbackForm } from './support-block.tsx';

interface Verse {
  text: string;
  ref: string;
  version: string;
}

const answerLabels: Record<Answer, 'yes' | 'sometimes' | 'no'> = { 0: 'yes', 1: 'sometimes', 2: 'no' };

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

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/** One section: 5 yes / sometimes / no questions as radio groups. */
function SectionQuestions({ section, answers, onAnswer }: { section: number; answers: Answers; onAnswer: (q: number, a: Answer) => void }) {
  const { t } = useTranslation('public');
  const { id } = soulCheckSections[section]!;
  const questions = t(`soulCheck.sections.${id}.questions`, { returnObjects: true }) as string[];
  return (
    <ol className="flex flex-col gap-4">
      {questions.slice(0, QUESTIONS_PER_SECTION).map((question, q) => (
        <li key={q}>
          <fieldset className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid={`question-${section}-${q}`}>
            <legend className="float-left mb-3 w-full font-medium leading-snug">
              <span className="mr-2 text-muted-foreground">{q + 1}.</span>
              {question}
            </legend>
            <div className="clear-both grid grid-cols-3 gap-2">
              {answerValues.map((value) => {
                const inputId = `q-${section}-${q}-${value}`;
                return (
                  <div key={value}>
                    <input
                      type="radio"
                      id={inputId}
                      name={`q-${section}-${q}`}
                      value={value}
                      checked={answers[answerKey(section, q)] === value}
                      onChange={() => onAnswer(q, value)}
                      className="peer sr-only"
                    />
                    <label
                      htmlFor={inputId}
                      className="flex h-11 cursor-pointer items-center justify-center rounded-lg border border-input bg-background text-sm font-semibold transition hover:bg-secondary peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background"
                    >
                      {t(`soulCheck.answers.${answerLabels[value]}`)}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        </li>
      ))}
    </ol>
  );
}

/** Each level's colour, shown as a dot beside dark-on-light text so the label itself keeps full contrast. */
const levelDot: Record<Level, string> = { healthy: 'bg-success', growth: 'bg-gold', support: 'bg-destructive' };

/** The chosen country's main crisis line as the first thing to press, or the helpline directory for another country. */
function CrisisCallButton({ region }: { region: CrisisRegion }) {
  const { t } = useTranslation('public');
  const line = crisisLinesFor(region)[0]!;
  const action = line.actions[0]!;
  const isWeb = action.kind === 'web';
  return (
    <a
      href={action.href}
      {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={buttonVariants({ variant: 'destructive', size: 'lg' })}
      data-testid="crisis-call"
    >
      {isWeb ? <ExternalLink aria-hidden /> : <Phone aria-hidden />}
      {isWeb ? t('soulCheck.results.findHelpline') : t('soulCheck.results.callLine', { number: line.display })}
    </a>
  );
}

interface RegionProps {
  region: CrisisRegion;
  onRegionChange: (region: CrisisRegion) => void;
}

function Results({ answers, onTakeAgain, region, onRegionChange }: { answers: Answers; onTakeAgain: () => void } & RegionProps) {
  const { t } = useTranslation('public');
  const mainLine = crisisLinesFor(region)[0]!;
  const callback = useCallbackForm();
  const supportRef = useRef<HTMLDivElement>(null);
  const results = sectionResults(answers);

  const connect = () => {
    const block = supportRef.current?.querySelector<HTMLElement>('#support');
    block?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    block?.focus({ preventScroll: true });
  };

  return (
    <div className="flex flex-col gap-8" data-testid="soul-check-results">
      <div>
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl" tabIndex={-1} id="results-title">
          {t('soulCheck.results.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('soulCheck.results.intro')}</p>
      </div>
      <SafetyNotice region={region} onRegionChange={onRegionChange} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <CrisisCallButton region={region} />
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
        {region === 'international' ? t('soulCheck.results.findHelplineHint') : t('soulCheck.results.callLineHint', { name: t(`crisis.lines.${mainLine.id}.name`) })}
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {results.map(({ sectionIndex, yesCount, level }) => {
          const section = soulCheckSections[sectionIndex]!;
          const base = `soulCheck.sections.${section.id}`;
          return (
            <li key={section.id} data-testid={`result-${section.id}`} data-level={level}>
              <Card className={cn('h-full', level === 'support' && 'border-destructive/50')}>
                <CardHeader className="gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle>{t(`${base}.title`)}</CardTitle>
                    <Badge variant="outline" className="gap-1.5 text-sm">
                      <span className={cn('size-2.5 rounded-full', levelDot[level])} aria-hidden />
                      {t(`soulCheck.results.levels.${level}`)}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{t('soulCheck.results.yesCount', { count: yesCount })}</p>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  {level === 'healthy' && <p>{t(`${base}.affirmation`)}</p>}
                  {level === 'growth' && <p>{t('soulCheck.results.growthIntro')}</p>}
                  {level === 'support' && <p>{t('soulCheck.results.supportIntro')}</p>}
                  {level !== 'healthy' && (
                    <>
                      <VerseBlock verse={t(`${base}.verse`, { returnObjects: true }) as Verse} />
                      <div className="rounded-xl bg-secondary/60 p-4">
                        <p className="text-xs font-semibold uppercase tracking-wide text-secondary-foreground">{t('soulCheck.results.challenge')}</p>
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
        <SupportBlock band="yellow" form={callback} region={region} onRegionChange={onRegionChange} />
      </div>
    </div>
  );
}

/**
 * The public Soul Health Check (spec sections 2-4). Everything happens in this component's state:
 * no request is made and nothing is stored; leaving the page or Take Again forgets the answers.
 */
export default function SoulHealthCheckPage() {
  // Every text of the check (and the validation messages of its callback form) loads with the page.
  const { t } = useTranslation(['public', 'common', 'validation', 'validation-public']);
  const [answers, setAnswers] = useState<Answers>({});
  const [section, setSection] = useState(0);
  const [showResults, setShowResults] = useState(false);
  const [region, setRegion] = useCrisisRegion();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isLast = section === SECTION_COUNT - 1;
  const current = soulCheckSections[section]!;

  const goTo = (next: number) => {
    setSection(next);
    scrollToTop();
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const seeResults = () => {
    setShowResults(true);
    scrollToTop();
    requestAnimationFrame(() => document.getElementById('results-title')?.focus());
  };
  const takeAgain = () => {
    setAnswers({});
    setShowResults(false);
    goTo(0);
  };
  const canContinue = isLast ? isCheckComplete(answers) : isSectionComplete(answers, section);

  return (
    <div data-testid="soul-health-check" className="min-h-dvh bg-gradient-to-b from-secondary/60 to-background">
      <PageHeader width="max-w-3xl" back={{ href: '/', label: t('soulCheck.backHome') }} />
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-16">
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('soulCheck.title')}</h1>
          <p className="text-lg text-muted-foreground">{t('soulCheck.subtitle')}</p>
          {!showResults && (
            <>
              <figure className="rounded-2xl border bg-card p-5 shadow-sm">
                <Quote className="mb-2 size-5 text-gold" aria-hidden />
                <blockquote className="font-serif text-lg italic leading-relaxed">{t('soulCheck.verse.text')}</blockquote>
                <figcaption className="mt-2 text-sm font-semibold text-muted-foreground">
                  {t('soulCheck.verse.ref')} <span className="font-normal">({t('soulCheck.verse.version')})</span>
                </figcaption>
              </figure>
              <SafetyNotice region={region} onRegionChange={setRegion} />
              <PrivacyNote />
            </>
          )}
        </div>

        {showResults ? (
          <Results answers={answers} onTakeAgain={takeAgain} region={region} onRegionChange={setRegion} />
        ) : (
          <section aria-labelledby="section-title" className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
                <span>{t('soulCheck.sectionOf', { current: section + 1, total: SECTION_COUNT })}</span>
                <span>{progressPercent(section)}%</span>
              </div>
              <Progress value={progressPercent(section)} label={t('soulCheck.progress')} />
            </div>
            <h2 id="section-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus-visible:outline-none">
              {t(`soulCheck.sections.${current.id}.title`)}
            </h2>
            <SectionQuestions
              key={section}
              section={section}
              answers={answers}
              onAnswer={(q, a) => setAnswers((prev) => ({ ...prev, [answerKey(section, q)]: a }))}
            />
            {!canContinue && <p className="text-sm text-muted-foreground">{t('soulCheck.answerAll')}</p>}
            <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-between">
              <Button variant="outline" size="lg" className="h-auto min-h-12 whitespace-normal px-3 sm:px-6" onClick={() => goTo(section - 1)} disabled={section === 0}>
                <ArrowLeft aria-hidden />
                {t('soulCheck.previous')}
              </Button>
              {isLast ? (
                <Button size="lg" className="h-auto min-h-12 whitespace-normal px-3 sm:px-6" onClick={seeResults} disabled={!canContinue}>
                  {t('soulCheck.seeResults')}
                </Button>
              ) : (
                <Button size="lg" className="h-auto min-h-12 whitespace-normal px-3 sm:px-6" onClick={() => goTo(section + 1)} disabled={!canContinue}>
                  {t('soulCheck.next')}
                  <ArrowRight aria-hidden />
                </Button>
              )}
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
