/**
 * The WatchMoms application on the prerendered landing page (docs/decisions/057): the app's own
 * dialog and toasts, with React and the texts, in a root of their own beside the page's HTML.
 * landing-static.ts loads this when a visitor points at or presses "Join WatchMoms", and asks for
 * the dialog with the `landing:open-watchmoms` event (an entry's exports do not survive the build).
 */
import { StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '../../../components/ui/toast.tsx';
import '../../../lib/i18n.ts';
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

let mounted = false;

/** Opens the application (mounting the dialog the first time). */
function openWatchmoms() {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(
      <StrictMode>
        <Island />
      </StrictMode>,
    );
  }
  setOpen(true);
}

document.addEventListener('landing:open-watchmoms', openWatchmoms);
