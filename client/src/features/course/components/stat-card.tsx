import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** One figure on the dashboard: icon, label, big value, optional detail underneath. */
export function StatCard({ icon, label, value, children, testId }: { icon: ReactNode; label: string; value: string; children?: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span className="flex size-8 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-4" aria-hidden>
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
