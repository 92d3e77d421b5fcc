import { ChevronDown } from 'lucide-react';
import { Accordion as A } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

export const Accordion = A.Root;
export const AccordionItem = ({ className, ...p }: ComponentProps<typeof A.Item>) => <A.Item className={cn('border-b', className)} {...p} />;
export function AccordionTrigger({ className, children, ...p }: ComponentProps<typeof A.Trigger>) {
  return (
    <A.Header className="flex">
      <A.Trigger
        className={cn('flex flex-1 items-center justify-between gap-3 py-4 text-left font-medium hover:underline [&[data-state=open]>svg]:rotate-180', className)}
        {...p}
      >
        {children}
        <ChevronDown className="size-4 shrink-0 transition-transform" aria-hidden />
      </A.Trigger>
    </A.Header>
  );
}
export const AccordionContent = ({ className, ...p }: ComponentProps<typeof A.Content>) => (
  <A.Content className={cn('pb-4 text-sm text-muted-foreground', className)} {...p} />
);
