import { useTranslation } from 'react-i18next';

import { Spinner } from '../ui/spinner.tsx';

export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3" role="status" aria-live="polite">
      <Spinner className="size-8" />
      <p className="text-muted-foreground">{label ?? t('loading')}</p>
    </div>
  );
}

/** Shown while translations themselves load: no text yet, only the spinner with a bilingual label. */
export const BootScreen = () => (
  <div className="flex min-h-dvh items-center justify-center" role="status" aria-label="Loading… / Chargement…">
    <Spinner className="size-8" />
  </div>
);
