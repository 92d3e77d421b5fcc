import { useState, type ReactNode } from 'react';

import { Button } from '#client/components/ui/button.tsx';

/**
 * A long list cut to its first `size` items, with the button that shows them all or fewer (none when
 * the list is short). `labels` are translated by the caller: `all(count)` and `fewer`.
 */
export function useShortList<T>(
  items: readonly T[],
  size: number,
  labels: { all: (count: number) => string; fewer: string },
): { shown: readonly T[]; toggle: ReactNode } {
  const [showAll, setShowAll] = useState(false);
  const toggle =
    items.length > size ? (
      <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowAll(!showAll)}>
        {showAll ? labels.fewer : labels.all(items.length)}
      </Button>
    ) : null;
  return { shown: showAll ? items : items.slice(0, size), toggle };
}
