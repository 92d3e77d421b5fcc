import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cn } from '../../lib/utils.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { PageHeader } from './page-header.tsx';

/**
 * A page that is one card under the header (sign-in and its siblings, a mail's link to unsubscribe or
 * to a parent's consent): the page's title as its h1, an optional description, then the content.
 */
export function CardPage({
  title,
  subtitle,
  children,
  width = 'md',
  contentClassName,
  'data-testid': testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** `xl` for a page with more to read (a parent's consent). */
  width?: 'md' | 'xl';
  contentClassName?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <PageHeader brand={{ href: '/', label: t('brand') }} />
      <main className={cn('flex flex-1 items-start justify-center px-4 pb-10 pt-4', width === 'md' && 'sm:items-center')}>
        <Card className={cn('w-full', width === 'md' ? 'max-w-md' : 'max-w-xl')} data-testid={testId}>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {title}
            </CardTitle>
            {subtitle ? <CardDescription>{subtitle}</CardDescription> : null}
          </CardHeader>
          <CardContent className={contentClassName}>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
