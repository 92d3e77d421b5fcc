import { Progress as P } from 'radix-ui';

import { cn } from '../../lib/utils.ts';

export function Progress({ value, className, label }: { value: number; className?: string; label: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <P.Root value={v} aria-label={label} className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-secondary', className)}>
      <P.Indicator className="h-full bg-primary transition-transform" style={{ transform: `translateX(-${100 - v}%)` }} />
    </P.Root>
  );
}
