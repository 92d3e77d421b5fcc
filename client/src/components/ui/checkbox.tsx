import { Check } from 'lucide-react';
import { Checkbox as C } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cn } from '../../lib/utils.ts';

export const Checkbox = ({ className, ...p }: ComponentProps<typeof C.Root>) => (
  <C.Root
    className={cn(
      'group/checkbox peer size-5 shrink-0 rounded border border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground aria-[invalid=true]:border-destructive',
      className,
    )}
    {...p}
  >
    {/* The tick shows with the box's checked state, in CSS: Radix's Indicator mounts through Presence,
        which reads the computed style of each ticked box as the screen appears, and so forced a style
        recalculation of the whole page in the middle of hydrating it (issue 29). */}
    <span className="hidden items-center justify-center group-data-[state=checked]/checkbox:flex" aria-hidden>
      <Check className="size-4" />
    </span>
  </C.Root>
);
