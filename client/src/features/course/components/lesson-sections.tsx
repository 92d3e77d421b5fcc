import { BookOpenCheck, Check, CheckCircle2, Circle, Lock, MessageCircleQuestion, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { cn } from '#client/lib/utils.ts';
import type { Lesson } from '#common/contracts/course.ts';

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim());

/** Week, completion, title and subtitle. */
export function LessonHeader({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('course');
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{t('weekOf', { number: lesson.weekNumber, total: lesson.totalLessons })}</Badge>
        {lesson.isCompleted && (
          <Badge variant="success" className="bg-success/10 text-foreground">
            <CheckCircle2 className="size-3 text-success" aria-hidden />
            {t('status.completed')}
          </Badge>
        )}
      </div>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{lesson.title}</h1>
      <p className="text-lg text-muted-foreground">{lesson.subtitle}</p>
    </header>
  );
}

/** The week's key verses, quoted. */
export function KeyScriptures({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('course');
  return (
    <section aria-labelledby="scriptures-title" className="flex flex-col gap-3">
      <h2 id="scriptures-title" className="text-xl font-semibold">
        {t('lesson.scriptures')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {lesson.keyScriptures.map((s) => (
          <figure key={s.ref} className="relative flex flex-col gap-3 rounded-2xl border-l-4 border-gold bg-accent/40 p-4 pl-5 pr-10">
            <Quote className="absolute right-3 top-3 size-5 text-gold/60" aria-hidden />
            <blockquote className="font-serif text-base leading-relaxed">{t('quote', { text: s.text })}</blockquote>
            <figcaption className="text-sm font-semibold text-accent-foreground">
              {s.ref} <span className="font-normal text-muted-foreground">({s.translation})</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

interface TeachingProps {
  lesson: Lesson;
  read: Set<number>;
  readCount: number;
  setRead: (index: number, isRead: boolean) => void;
}

/** The teaching, section by section, each marked read by the reader, under a sticky count. */
export function Teaching({ lesson, read, readCount, setRead }: TeachingProps) {
  const { t } = useTranslation('course');
  const total = lesson.content.length;
  return (
    <section aria-labelledby="teaching-title" className="flex flex-col gap-4">
      <div className="sticky top-14 z-20 -mx-4 flex flex-col gap-2 border-b bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-4">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="teaching-title" className="text-xl font-semibold">
            {t('lesson.teaching')}
          </h2>
          <p className="text-sm font-medium text-muted-foreground" data-testid="read-count" aria-live="polite">
            {t('lesson.readCount', { count: readCount, total })}
          </p>
        </div>
        <Progress value={(readCount / Math.max(total, 1)) * 100} label={t('lesson.readCount', { count: readCount, total })} />
      </div>
      {lesson.content.map((section, i) => (
        <TeachingSection key={i} index={i} total={total} section={section} isRead={read.has(i)} onRead={(isRead) => setRead(i, isRead)} />
      ))}
    </section>
  );
}

interface SectionProps {
  index: number;
  total: number;
  section: Lesson['content'][number];
  isRead: boolean;
  onRead: (isRead: boolean) => void;
}

function TeachingSection({ index: i, total, section, isRead, onRead }: SectionProps) {
  const { t } = useTranslation('course');
  return (
    <Card
      id={`section-${i + 1}`}
      tabIndex={-1}
      className={cn(
        'scroll-mt-36 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isRead && 'border-success/40',
      )}
      data-testid={`section-${i + 1}`}
    >
      <CardHeader>
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {t('lesson.sectionOf', { number: i + 1, total })}
        </p>
        <CardTitle as="h3" className="text-xl">
          {section.heading}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {paragraphs(section.text).map((para, k) => (
          <p key={k} className="leading-relaxed text-card-foreground/90">
            {para}
          </p>
        ))}
        <div className="flex justify-end">
          <Button
            variant={isRead ? 'secondary' : 'outline'}
            aria-pressed={isRead}
            onClick={() => onRead(!isRead)}
            className={cn(isRead && '[&_svg]:text-success')}
          >
            {isRead ? <Check aria-hidden /> : <Circle aria-hidden />}
            {isRead ? t('lesson.read') : t('lesson.markRead')}
            <span className="sr-only">: {section.heading}</span>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Questions to think over after the teaching. */
export function Reflection({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('course');
  return (
    <section aria-labelledby="reflection-title">
      <Card className="bg-secondary/40">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-xl">
            <MessageCircleQuestion className="size-5 text-primary" aria-hidden />
            <span id="reflection-title">{t('lesson.reflection')}</span>
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t('lesson.reflectionHint')}</p>
        </CardHeader>
        <CardContent>
          <ol className="flex list-decimal flex-col gap-2 pl-5 marker:font-semibold marker:text-primary">
            {lesson.reflectionQuestions.map((q, i) => (
              <li key={i} className="pl-1 leading-relaxed">
                {q}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}

/** The way to the assessment, open once every section is read. */
export function AssessmentCall({ lesson, allRead, sectionsLeft }: { lesson: Lesson; allRead: boolean; sectionsLeft: number }) {
  const { t } = useTranslation('course');
  // Long French labels wrap inside the button instead of pushing it past a phone's edge.
  const wraps = 'h-auto min-h-12 max-w-full whitespace-normal py-3';
  return (
    <section className="flex flex-col items-center gap-2 rounded-2xl border bg-card p-5 text-center">
      {allRead ? (
        <>
          <p className="text-sm text-muted-foreground">{lesson.isCompleted ? t('lesson.retakeHint') : t('lesson.readyHint')}</p>
          <Link href={`/assessment/${lesson.id}`} className={cn(buttonVariants({ size: 'lg' }), wraps)} data-testid="take-assessment">
            <BookOpenCheck aria-hidden />
            {lesson.isCompleted ? t('lesson.retake') : t('lesson.takeAssessment')}
          </Link>
        </>
      ) : (
        <>
          <Button size="lg" disabled className={wraps} data-testid="take-assessment">
            <Lock aria-hidden />
            {t('lesson.readAllToContinue')}
          </Button>
          <p className="text-sm text-muted-foreground">{t('lesson.sectionsLeft', { count: sectionsLeft })}</p>
        </>
      )}
    </section>
  );
}
