import { lazy, Suspense, useState } from 'react';

import { RaiseConcernTrigger, type RaiseConcernTriggerProps } from './raise-concern-trigger.tsx';

const load = () => import('./concern-form.tsx');
const RaiseConcernDialog = lazy(() => load().then((m) => ({ default: m.RaiseConcernDialog })));
const preload = () => void load().catch(() => {});

/**
 * "Raise a concern" where the screen around it has no form (the dashboard's mentor, the tree): the
 * same button as concern-form.tsx's, whose dialog, form and zod (about 45 KB gzip) are downloaded
 * when the pointer or the focus reaches it, and open once pressed (docs/decisions/078). Until then
 * the first screen does not carry them.
 */
export function RaiseConcernButton(props: RaiseConcernTriggerProps) {
  const [isWanted, setIsWanted] = useState(false);
  if (!isWanted) return <RaiseConcernTrigger {...props} onPointerEnter={preload} onFocus={preload} onClick={() => setIsWanted(true)} />;
  return (
    <Suspense fallback={<RaiseConcernTrigger {...props} disabled />}>
      <RaiseConcernDialog {...props} defaultOpen />
    </Suspense>
  );
}
