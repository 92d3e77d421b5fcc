import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent } from '#client/components/ui/card.tsx';

import { TrackShare } from './track-share.tsx';

export const witnessingStepKeys = ['relationship', 'testimony', 'gospel', 'invite', 'followUp'] as const;

export interface WitnessingStep {
  title: string;
  description: string;
  tips: string[];
}

export function useWitnessingSteps(): WitnessingStep[] {
  const { t } = useTranslation('evangelism');
  return witnessingStepKeys.map((k) => t(`witnessing.steps.${k}`, { returnObjects: true }) as WitnessingStep);
}

/** The 5-step witnessing framework with descriptions and tips. */
export function WitnessingGuide() {
  const { t } = useTranslation('evangelism');
  const steps = useWitnessingSteps();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t('witnessing.intro')}</p>
      <ol className="flex flex-col gap-4">
        {steps.map((step, i) => (
          <li key={witnessingStepKeys[i]}>
            <Card>
              <CardContent className="flex gap-4 pt-5 sm:pt-6">
                <span
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <div className="flex flex-col gap-2">
                  <h3 className="text-lg font-semibold">{step.title}</h3>
                  <p>{step.description}</p>
                  <p className="mt-1 text-sm font-semibold text-muted-foreground">{t('witnessing.tips')}</p>
                  <ul className="flex flex-col gap-1.5 text-sm">
                    {step.tips.map((tip) => (
                      <li key={tip} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                        {tip}
                      </li>
                    ))}
                  </ul>
                  {witnessingStepKeys[i] === 'followUp' && <TrackShare />}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
