import { Tooltip as T } from 'radix-ui';
import type { ReactNode } from 'react';

/** Spec: open after 700 ms hover, 300 ms skip delay between tooltips. */
export const TooltipProvider = ({ children }: { children: ReactNode }) => (
  <T.Provider delayDuration={700} skipDelayDuration={300}>
    {children}
  </T.Provider>
);

export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content sideOffset={6} className="z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow">
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
