/**
 * The crisis lines of the "hard time" answer on the prerendered landing page (docs/decisions/060):
 * like the WatchMoms application (watchmoms-island.tsx), they come with the app's entry script,
 * which landing-static.ts loads when a visitor points at or opens that question; the entry
 * (main.tsx) sees the prerendered page and loads this. It fills the answer's lines when the page
 * says they are wanted (`data-wants-crisis` on <html>, holding the page's language), now or later (`landing:open-crisis`).
 */
import { mountCrisisFaq } from './crisis-faq.ts';

const html = document.documentElement;
const mountIfWanted = () => {
  // The value is the page's language as the server sent it (the app's i18n may have changed <html lang> since).
  const pageLang = html.dataset.wantsCrisis;
  if (pageLang === undefined) return;
  delete html.dataset.wantsCrisis;
  const root = document.querySelector<HTMLElement>('[data-crisis-faq]');
  if (!root || root.dataset.mounted) return;
  root.dataset.mounted = pageLang;
  void mountCrisisFaq(root, { lang: pageLang.toLowerCase().startsWith('fr') ? 'fr' : 'en' });
};
document.addEventListener('landing:open-crisis', mountIfWanted);
html.dataset.crisisIsland = 'ready';
mountIfWanted();
