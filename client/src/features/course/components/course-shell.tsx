import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { cn } from '#client/lib/utils.ts';

interface Props {
  /** A back link in place of the brand. */
  back?: { href: string; label: string };
  /** Extra header controls, before the language switcher. */
  actions?: ReactNode;
  width?: string;
  children: ReactNode;
  testId?: string;
}

/** Header (brand or back link, language, theme) and a centred column; the header is left out of printouts. */
export function CourseShell({ back, actions, width = 'max-w-5xl', children, testId }: Props) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background" data-testid={testId}>
      <PageHeader variant="bar" width={width} back={back} brand={{ href: '/dashboard', label: t('brand') }} actions={actions} />
      <main className={cn('mx-auto px-4 pb-16 pt-6 sm:pt-8 print:max-w-none print:p-0', width)}>{children}</main>
    </div>
  );
}
