import type { ParseKeys } from 'i18next';
import { CalendarPlus, Download, FileText, Flame, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useLanguage } from '#client/lib/language.ts';

import { memoryCardsHtml, plainText, prayerNightsCalendar, saveFile } from '../lib/downloads.ts';
import { useMemoryVerses } from './scripture-memory.tsx';
import { useWitnessingSteps } from './witnessing-guide.tsx';

/** Downloadable helps, generated on the device from the texts already on screen. */
export function Resources() {
  const { t } = useTranslation('evangelism');
  const lang = useLanguage();
  const verses = useMemoryVerses();
  const steps = useWitnessingSteps();
  const file = (key: string) => t(`resources.items.${key}.file` as ParseKeys<'evangelism'>);

  const items = [
    {
      key: 'memoryCards',
      icon: Layers,
      download: () =>
        saveFile(
          `${file('memoryCards')}.html`,
          'text/html',
          memoryCardsHtml(
            t('resources.items.memoryCards.title'),
            lang,
            verses.map((v) => v.verse),
          ),
        ),
    },
    {
      key: 'witnessingGuide',
      icon: FileText,
      download: () =>
        saveFile(
          `${file('witnessingGuide')}.txt`,
          'text/plain',
          plainText(
            t('resources.items.witnessingGuide.title'),
            steps.map((s, i) => [`${i + 1}. ${s.title}`, s.description, ...s.tips.map((tip) => `   - ${tip}`)].join('\r\n')),
          ),
        ),
    },
    {
      key: 'prayerRhythm',
      icon: Flame,
      download: () =>
        saveFile(
          `${file('prayerRhythm')}.txt`,
          'text/plain',
          plainText(
            t('resources.items.prayerRhythm.title'),
            (['morning', 'midday', 'evening'] as const).map((p) => t(`resources.prayer.${p}`)),
          ),
        ),
    },
    {
      key: 'prayerNights',
      icon: CalendarPlus,
      download: () =>
        saveFile(
          `${file('prayerNights')}.ics`,
          'text/calendar',
          prayerNightsCalendar({ title: t('resources.prayerNight.title'), description: t('resources.prayerNight.description') }),
        ),
    },
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t('resources.intro')}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map(({ key, icon: Icon, download }) => (
          <li key={key}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <span className="mb-1 inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <CardTitle as="h2">{t(`resources.items.${key}.title`)}</CardTitle>
                <CardDescription>{t(`resources.items.${key}.text`)}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Button
                  variant="outline"
                  onClick={download}
                  aria-label={`${t('resources.download')}: ${t(`resources.items.${key}.title`)}`}
                >
                  <Download aria-hidden />
                  {t('resources.download')}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
