/**
 * The WatchMoms application on the prerendered landing page (docs/decisions/057): the app's own
 * dialog and toasts, in a root of their own beside the page's HTML. landing-static.ts loads the
 * app's entry script when a visitor points at or presses "Join WatchMoms"; the entry (main.tsx)
 * sees the prerendered page and loads this instead of the app. It opens the dialog when the page
 * says it is wanted (`data-wants="watchmoms"` on <html>), now or later (`landing:open-watchmoms`).
 */
import { StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';

import { Toaster } from '#client/components/ui/toast.tsx';

import WatchmomsDialog from '../components/watchmoms-dialog.tsx';

let open = false;
const listeners = new Set<() => void>();
const setOpen = (next: boolean) => {
  open = next;
  listeners.forEach((l) => l());
};

function Island() {
  const isOpen = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
  return (
    <Suspense fallback={null}>
      <WatchmomsDialog open={isOpen} onOpenChange={setOpen} />
      <Toaster />
    </Suspense>
  );
}

const host = document.createElement('div');
document.body.append(host);
createRoot(host).render(
  <StrictMode>
    <Island />
  </StrictMode>,
);

const html = document.documentElement;
const openIfWanted = () => {
  if (html.dataset.wants !== 'watchmoms') return;
  delete html.dataset.wants;
  setOpen(true);
};
document.addEventListener('landing:open-watchmoms', openIfWanted);
html.dataset.island = 'ready';
openIfWanted();
