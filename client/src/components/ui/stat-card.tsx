import type { ReactNode } from 'react';

import { cn } from '../../lib/utils.ts';
import { Card } from './card.tsx';

interface Props {
  icon: ReactNode;
  label: string;
  value: string;
  /** Detail under the figure (a progress bar, a hint). */
  children?: ReactNode;
  testId?: string;
  className?: string;
}

/** One figure (dashboard, disciple tree): icon, label, big value, optional detail underneath. */
export function StatCard({ icon, label, value, children, testId, className }: Props) {
  return (
    <Card className={cn('flex flex-col gap-2 p-4 sm:p-5', className)} data-testid={testId}>
      <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span
          className="flex size-8 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-4"
          aria-hidden
        >
          {icon}
        </span>
        <span className="leading-tight">{label}</span>
      </div>
      <p className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </p>
      {children}
    </Card>
  );
}
