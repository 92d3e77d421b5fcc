import type { TFunction } from 'i18next';
import { Eye, EyeOff, Share2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.tsx';

import type { MemoryVerse } from '../lib/downloads.ts';
import { hiddenIndexes, PRACTICE_LEVELS, tokenize } from '../lib/practice.ts';

export const memoryVerseKeys = ['romans323', 'romans623', 'john316', 'romans109', 'acts238'] as const;

/** Web Share where the device has it, else the clipboard; only the device is involved. */
async function shareVerse(v: MemoryVerse, t: TFunction<'evangelism'>) {
  const text = `${v.text} — ${v.ref} (${v.version})`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: v.ref, text });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return; // the person closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: t('memory.copied'), description: t('memory.copiedText') });
  } catch {
    toast({ variant: 'destructive', title: t('memory.shareFailed'), description: t('memory.shareFailedText') });
  }
}

function PracticeText({
  id,
  text,
  level,
  revealed,
  onReveal,
}: {
  id: string;
  text: string;
  level: number;
  revealed: Set<number>;
  onReveal: (i: number) => void;
}) {
  const { t } = useTranslation('evangelism');
  const words = tokenize(text);
  const hidden = hiddenIndexes(words.length, level, id);
  let blank = 0;
  return (
    <p className="font-serif text-lg leading-[2.4rem]" data-testid={`practice-${id}`}>
      {words.map((word, i) => {
        if (!hidden.has(i) || revealed.has(i)) {
          return (
            <span key={i} className={revealed.has(i) ? 'rounded bg-success/15 px-0.5 text-success' : undefined}>
              {word}{' '}
            </span>
          );
        }
        blank++;
        return (
          <span key={i}>
            <button
              type="button"
              onClick={() => onReveal(i)}
              aria-label={t('memory.hiddenWord', { n: blank })}
              className="inline-block h-7 rounded-md border-b-2 border-primary bg-secondary align-middle focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              style={{ width: `${Math.max(2, word.length) * 0.62}em` }}
            />{' '}
          </span>
        );
      })}
    </p>
  );
}

function VerseCard({ id, verse }: { id: string; verse: MemoryVerse }) {
  const { t } = useTranslation('evangelism');
  const [level, setLevel] = useState(0);
  const [revealed, setRevealed] = useState<Set<number>>(new Set());
  const practising = level > 0;
  const setPractice = (next: number) => {
    setLevel(next);
    setRevealed(new Set());
  };
  return (
    <Card data-testid={`verse-${id}`}>
      <CardHeader className="gap-1">
        <CardTitle>
          {verse.ref} <span className="text-sm font-normal text-muted-foreground">({verse.version})</span>
        </CardTitle>
        <p className="text-sm text-muted-foreground">{verse.point}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {practising ? (
          <>
            <p className="text-sm text-muted-foreground">{t('memory.practiceHint')}</p>
            <PracticeText
              id={id}
              text={verse.text}
              level={level}
              revealed={revealed}
              onReveal={(i) => setRevealed((r) => new Set(r).add(i))}
            />
          </>
        ) : (
          <blockquote className="font-serif text-lg leading-relaxed">{verse.text}</blockquote>
        )}
        <div className="flex flex-wrap gap-2">
          {practising ? (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setPractice(Math.min(PRACTICE_LEVELS, level + 1))}
                disabled={level >= PRACTICE_LEVELS}
              >
                <EyeOff aria-hidden />
                {t('memory.hideMore')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setRevealed(new Set(tokenize(verse.text).map((_, i) => i)))}>
                <Eye aria-hidden />
                {t('memory.revealAll')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPractice(0)}>
                {t('memory.stopPractice')}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => setPractice(1)}>
              <Sparkles aria-hidden />
              {t('memory.practice')}
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => void shareVerse(verse, t)}>
            <Share2 aria-hidden />
            {t('memory.share')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function useMemoryVerses(): { id: (typeof memoryVerseKeys)[number]; verse: MemoryVerse }[] {
  const { t } = useTranslation('evangelism');
  return memoryVerseKeys.map((id) => ({ id, verse: t(`memory.verses.${id}`, { returnObjects: true }) as MemoryVerse }));
}

export function ScriptureMemory() {
  const { t } = useTranslation('evangelism');
  const verses = useMemoryVerses();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t('memory.intro')}</p>
      <ul className="grid gap-4 lg:grid-cols-2">
        {verses.map(({ id, verse }) => (
          <li key={id}>
            <VerseCard id={id} verse={verse} />
          </li>
        ))}
      </ul>
    </div>
  );
}
