/**
 * The crisis lines of the "hard time" answer on the prerendered landing page (docs/decisions/060):
 * like the WatchMoms application (watchmoms-island.tsx), they come with the app's entry script,
 * which landing-static.ts loads when a visitor points at or opens that question; the entry
 * (main.tsx) sees the prerendered page and loads this. It fills the answer's lines when the page
 * says they are wanted (`data-wants-crisis` on <html>), now or later (`landing:open-crisis`).
 */
import { mountCrisisFaq } from './crisis-faq.ts';

const html = document.documentElement;
const mountIfWanted = () => {
  if (html.dataset.wantsCrisis === undefined) return;
  delete html.dataset.wantsCrisis;
  const root = document.querySelector<HTMLElement>('[data-crisis-faq]');
  if (!root || root.dataset.mounted) return;
  root.dataset.mounted = html.lang;
  void mountCrisisFaq(root, { lang: html.lang === 'fr' ? 'fr' : 'en' });
};
document.addEventListener('landing:open-crisis', mountIfWanted);
html.dataset.crisisIsland = 'ready';
mountIfWanted();
