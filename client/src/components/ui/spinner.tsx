import { Loader2 } from 'lucide-react';

import { cn } from '../../lib/utils.ts';

export const Spinner = ({ className }: { className?: string }) => (
  <Loader2 aria-hidden className={cn('size-6 animate-spin text-primary', className)} />
);
