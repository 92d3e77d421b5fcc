import { Check } from 'lucide-react';
import { Checkbox as C } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cn } from '../../lib/utils.ts';

export const Checkbox = ({ className, ...p }: ComponentProps<typeof C.Root>) => (
  <C.Root
    className={cn(
      'peer size-5 shrink-0 rounded border border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground aria-[invalid=true]:border-destructive',
      className,
    )}
    {...p}
  >
    <C.Indicator className="flex items-center justify-center">
      <Check className="size-4" aria-hidden />
    </C.Indicator>
  </C.Root>
);
