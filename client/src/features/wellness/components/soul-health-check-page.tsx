import { ArrowLeft, ArrowRight, Quote } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { PrivacyNote } from '#client/components/layout/privacy-note.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAfterFirstPaint, whenIdle } from '#client/lib/after-first-paint.ts';
import type { CrisisRegion } from '#common/domain/crisis-lines.ts';
import {
  answerKey,
  answerValues,
  isCheckComplete,
  isSectionComplete,
  progressPercent,
  SECTION_COUNT,
  soulCheckSections,
  type Answer,
  type Answers,
} from '#common/domain/soul-check.ts';

import { useCrisisRegion } from './crisis-directory.tsx';
import { NeedHelpNow } from './help-now.tsx';
import { SafetyNotice } from './safety-notice.tsx';

// The results and the callback form (react-hook-form, zod) load after the first paint (see soul-check-results.tsx).
const loadResults = () => import('./soul-check-results.tsx');
const Results = lazy(loadResults);

const answerLabels: Record<Answer, 'yes' | 'sometimes' | 'no'> = { 0: 'yes', 1: 'sometimes', 2: 'no' };

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/** One section: 5 yes / sometimes / no questions as radio groups. */
function SectionQuestions({ section, answers, onAnswer }: { section: number; answers: Answers; onAnswer: (q: number, a: Answer) => void }) {
  const { t } = useTranslation('public');
  const { id, questionCount } = soulCheckSections[section]!;
  const questions = t(`soulCheck.sections.${id}.questions`, { returnObjects: true }) as string[];
  return (
    <ol className="flex flex-col gap-4">
      {questions.slice(0, questionCount).map((question, q) => (
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

/**
 * Every text of the check (and the validation messages of its callback form): they load with the
 * page, and a prerendered page's app waits for them before its first render (app/app.tsx).
 */
export const soulCheckNamespaces = ['public', 'common', 'validation', 'validation-public'] as const;

/**
 * The public Soul Health Check (spec sections 2-4). Everything happens in this component's state:
 * no request is made and nothing is stored; leaving the page or Take Again forgets the answers.
 */
export default function SoulHealthCheckPage() {
  const { t } = useTranslation(soulCheckNamespaces);
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
  };
  // Once the first screen has painted and the browser is idle: the results are ready long before the last answer.
  useEffect(() => whenIdle(() => void loadResults().catch(() => {})), []);
  // The title, the verse and the safety notice paint first; the questions below follow (lib/after-first-paint.ts).
  const questionsShown = useAfterFirstPaint();
  const takeAgain = () => {
    setAnswers({});
    setShowResults(false);
    goTo(0);
  };
  const canContinue = isLast ? isCheckComplete(answers) : isSectionComplete(answers, section);

  return (
    <SoulCheckFrame testId="soul-health-check" intro={!showResults && <CheckIntro region={region} onRegionChange={setRegion} />}>
      {showResults ? (
        <Suspense fallback={<Spinner className="mx-auto size-8" />}>
          <Results answers={answers} onTakeAgain={takeAgain} region={region} onRegionChange={setRegion} />
        </Suspense>
      ) : (
        questionsShown && (
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
            {!canContinue && <p className="text-sm text-muted-foreground">{t('soulCheck.answerAll', { count: current.questionCount })}</p>}
            <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-between">
              <Button
                variant="outline"
                size="lg"
                className="h-auto min-h-12 whitespace-normal px-3 sm:px-6"
                onClick={() => goTo(section - 1)}
                disabled={section === 0}
              >
                <ArrowLeft aria-hidden />
                {t('soulCheck.previous')}
              </Button>
              {isLast ? (
                <Button size="lg" className="h-auto min-h-12 whitespace-normal px-3 sm:px-6" onClick={seeResults} disabled={!canContinue}>
                  {t('soulCheck.seeResults')}
                </Button>
              ) : (
                <Button
                  size="lg"
                  className="h-auto min-h-12 whitespace-normal px-3 sm:px-6"
                  onClick={() => goTo(section + 1)}
                  disabled={!canContinue}
                >
                  {t('soulCheck.next')}
                  <ArrowRight aria-hidden />
                </Button>
              )}
            </div>
          </section>
        )
      )}
    </SoulCheckFrame>
  );
}

/**
 * The check's page around what changes: its header, title and introduction. The server prerenders
 * it with the introduction for a page load (docs/decisions/057), before the app has loaded; the
 * app's first render then replaces it with the same screen. `testId` marks the app's own.
 */
export function SoulCheckFrame({ testId, intro, children }: { testId?: string; intro: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation(['public', 'common']);
  return (
    <div data-testid={testId} className="min-h-dvh bg-gradient-to-b from-secondary/60 to-background">
      <PageHeader width="max-w-3xl" back={{ href: '/', label: t('soulCheck.backHome') }} />
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-16">
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('soulCheck.title')}</h1>
          <p className="text-lg text-muted-foreground">{t('soulCheck.subtitle')}</p>
          {intro}
        </div>
        {children}
      </main>
    </div>
  );
}

/**
 * "Need help now?" with the country's main line, the verse, what the check is and is not, and the
 * privacy note; above the questions of every step. Without a region (the server's copy: the region
 * is the browser's) the help line, the emergency number and the country picker come with the app.
 */
export function CheckIntro({ region, onRegionChange }: { region?: CrisisRegion; onRegionChange?: (r: CrisisRegion) => void }) {
  const { t } = useTranslation('public');
  return (
    <>
      {region && <NeedHelpNow region={region} />}
      <figure className="rounded-2xl border bg-card p-5 shadow-sm">
        <Quote className="mb-2 size-5 text-gold" aria-hidden />
        <blockquote className="font-serif text-lg italic leading-relaxed">{t('soulCheck.verse.text')}</blockquote>
        <figcaption className="mt-2 text-sm font-semibold text-muted-foreground">
          {t('soulCheck.verse.ref')} <span className="font-normal">({t('soulCheck.verse.version')})</span>
        </figcaption>
      </figure>
      <SafetyNotice region={region} onRegionChange={onRegionChange} />
      <PrivacyNote />
    </>
  );
}
