import type { ComponentProps } from 'react';

import { cn } from '../../lib/utils.ts';

/** What went wrong, said where it happened and read out at once by screen readers (role="alert"). */
export const ErrorAlert = ({ className, ...p }: ComponentProps<'p'>) => (
  <p role="alert" className={cn('rounded-lg bg-destructive/10 p-3 text-sm font-medium text-destructive', className)} {...p} />
);
