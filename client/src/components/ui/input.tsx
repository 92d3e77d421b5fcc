import type { ComponentProps } from 'react';

import { cn } from '../../lib/utils.ts';

const field =
  'w-full rounded-lg border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive sm:text-sm';

export const Input = ({ className, ...p }: ComponentProps<'input'>) => <input className={cn(field, 'h-10', className)} {...p} />;
export const Textarea = ({ className, ...p }: ComponentProps<'textarea'>) => (
  <textarea className={cn(field, 'min-h-24', className)} {...p} />
);
/** Native select: fast and accessible on phones, used for long lists (countries, dates). */
export const NativeSelect = ({ className, ...p }: ComponentProps<'select'>) => <select className={cn(field, 'h-10', className)} {...p} />;
