import { Tooltip as T } from 'radix-ui';
import { useEffect, useRef, type ReactElement } from 'react';

/**
 * Radix's tooltip around one trigger (loaded by tooltip.tsx on first use).
 * Spec: open after 700 ms hover, 300 ms skip delay between tooltips.
 */
export default function TooltipPopup({ content, children, takeFocus }: { content: string; children: ReactElement; takeFocus: boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The trigger element was replaced when this loaded: give focus back if it had it.
  useEffect(() => {
    if (takeFocus) triggerRef.current?.focus();
  }, [takeFocus]);
  return (
    <T.Provider delayDuration={700} skipDelayDuration={300}>
      <T.Root>
        <T.Trigger asChild ref={triggerRef}>
          {children}
        </T.Trigger>
        <T.Portal>
          <T.Content sideOffset={6} className="z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow">
            {content}
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}
