import { Download, Pause, Play, RotateCcw, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { Progress } from '#client/components/ui/progress.tsx';

import { plainText, saveFile } from '../lib/downloads.ts';
import { tokenize } from '../lib/practice.ts';

/** Spec: a testimony of 3 minutes. */
export const TESTIMONY_MS = 3 * 60 * 1000;
export const testimonyParts = ['before', 'meeting', 'after'] as const;
export type TestimonyDraft = Record<(typeof testimonyParts)[number], string>;
export const emptyTestimony: TestimonyDraft = { before: '', meeting: '', after: '' };

const formatTime = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A 3-minute countdown measured against the clock, so a busy tab does not slow it down. */
function useCountdown(total: number) {
  const [remaining, setRemaining] = useState(total);
  const [endAt, setEndAt] = useState<number | null>(null);
  useEffect(() => {
    if (endAt === null) return;
    const id = setInterval(() => {
      const left = Math.max(0, endAt - Date.now());
      setRemaining(left);
      if (left === 0) setEndAt(null);
    }, 200);
    return () => clearInterval(id);
  }, [endAt]);
  return {
    remaining,
    running: endAt !== null,
    start: () => setEndAt(Date.now() + (remaining === 0 ? total : remaining)),
    pause: () => {
      if (endAt !== null) setRemaining(Math.max(0, endAt - Date.now()));
      setEndAt(null);
    },
    reset: () => {
      setEndAt(null);
      setRemaining(total);
    },
  };
}

export function TestimonyBuilder({ draft, onChange }: { draft: TestimonyDraft; onChange: (d: TestimonyDraft) => void }) {
  const { t } = useTranslation('evangelism');
  const timer = useCountdown(TESTIMONY_MS);
  const words = testimonyParts.reduce((n, p) => n + tokenize(draft[p]).length, 0);
  const isEmpty = words === 0;

  const download = () =>
    saveFile(
      `${t('testimony.fileTitle')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')}.txt`,
      'text/plain',
      plainText(
        t('testimony.fileTitle'),
        testimonyParts.filter((p) => draft[p].trim()).map((p) => `${t(`testimony.${p}.label`)}\r\n${draft[p].trim()}`),
      ),
    );

  return (
    <Card data-testid="testimony-builder">
      <CardHeader>
        <CardTitle as="h2">{t('testimony.title')}</CardTitle>
        <CardDescription className="text-base">{t('testimony.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {testimonyParts.map((p) => (
          <FormField key={p} label={t(`testimony.${p}.label`)}>
            <Textarea
              rows={4}
              maxLength={4000}
              placeholder={t(`testimony.${p}.placeholder`)}
              value={draft[p]}
              onChange={(e) => onChange({ ...draft, [p]: e.target.value })}
            />
          </FormField>
        ))}
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground" data-testid="testimony-words">
            {t('testimony.words', { count: words })}
          </span>{' '}
          · {t('testimony.target')}
        </p>
        <div className="rounded-2xl border bg-muted/50 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 font-semibold">
              <Timer className="size-5 text-primary" aria-hidden />
              {t('testimony.timer')}
            </p>
            <p role="timer" className="text-2xl font-bold tabular-nums" data-testid="testimony-timer">
              <span className="sr-only">{t('testimony.timeLeft', { time: formatTime(timer.remaining) })}</span>
              <span aria-hidden>{formatTime(timer.remaining)}</span>
            </p>
          </div>
          <Progress className="mt-3" value={(timer.remaining / TESTIMONY_MS) * 100} label={t('testimony.timer')} />
          <div className="mt-3 flex flex-wrap gap-2">
            {timer.running ? (
              <Button size="sm" onClick={timer.pause}>
                <Pause aria-hidden />
                {t('testimony.pause')}
              </Button>
            ) : (
              <Button size="sm" onClick={timer.start}>
                <Play aria-hidden />
                {t('testimony.start')}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={timer.reset}>
              <RotateCcw aria-hidden />
              {t('testimony.reset')}
            </Button>
          </div>
          <div aria-live="polite">
            {timer.remaining === 0 && <p className="mt-3 font-semibold text-primary">{t('testimony.timeUp')}</p>}
          </div>
        </div>
        <div>
          <Button variant="outline" onClick={download} disabled={isEmpty}>
            <Download aria-hidden />
            {t('testimony.download')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
