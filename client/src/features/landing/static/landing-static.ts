/**
 * The prerendered landing page's only script (docs/decisions/057): the page arrives as HTML
 * (app/prerender.tsx) and this gives its controls their work, without React. Keep it free of imports
 * from the app (each would pull a shared chunk into the page); the WatchMoms application is the
 * one part that needs the app, and it loads when someone reaches for it (watchmoms-island.tsx), as
 * do the "hard time" answer's crisis lines (crisis-faq-island.ts).
 *
 * What each control does here matches the app's own landing page: the theme toggle
 * (components/layout/theme-toggle.tsx, lib/theme.ts), the phone menu (landing-header.tsx), the
 * questions (QaSection) and the language (lib/i18n.ts: the i18next cookie and the saved choice).
 */
import '#client/index.css';

const html = document.documentElement;
const on = <K extends keyof HTMLElementEventMap>(el: Element | null | undefined, type: K, listener: (e: HTMLElementEventMap[K]) => void) =>
  el?.addEventListener(type, listener as EventListener);

function save(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

// Theme: the icon follows the page's class; the label and the hint say what a press does.
const themeToggle = document.querySelector<HTMLButtonElement>('[data-testid="theme-toggle"]');
const themeLabel = () => (html.classList.contains('dark') ? themeToggle!.dataset.toLight : themeToggle!.dataset.toDark) ?? '';
if (themeToggle) {
  themeToggle.setAttribute('aria-label', themeLabel());
  on(themeToggle, 'click', () => {
    const dark = !html.classList.contains('dark');
    html.classList.toggle('dark', dark);
    save('theme', dark ? 'dark' : 'light');
    themeToggle.setAttribute('aria-label', themeLabel());
    hideHint();
  });
  // The hover and keyboard-focus hint, after 700 ms as everywhere else (components/ui/tooltip.tsx).
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hint: HTMLElement | undefined;
  const showHint = () => {
    hint ??= Object.assign(document.createElement('div'), {
      id: 'theme-hint',
      role: 'tooltip',
      className: 'fixed z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow',
    });
    hint.textContent = themeLabel();
    document.body.append(hint);
    const button = themeToggle.getBoundingClientRect();
    const width = hint.offsetWidth;
    hint.style.left = `${Math.max(4, Math.min(window.innerWidth - width - 4, button.left + button.width / 2 - width / 2))}px`;
    hint.style.top = `${button.bottom + 6}px`;
    themeToggle.setAttribute('aria-describedby', hint.id);
  };
  function hideHint() {
    clearTimeout(timer);
    hint?.remove();
    themeToggle!.removeAttribute('aria-describedby');
  }
  const armHint = () => {
    clearTimeout(timer);
    timer = setTimeout(showHint, 700);
  };
  on(themeToggle, 'pointerenter', (e) => e.pointerType === 'mouse' && armHint());
  on(themeToggle, 'focus', () => themeToggle.matches(':focus-visible') && armHint());
  on(themeToggle, 'pointerleave', hideHint);
  on(themeToggle, 'blur', hideHint);
  on(document.body, 'keydown', (e) => e.key === 'Escape' && hideHint());
}

// The phone menu: its button opens and closes it; a link in it closes it.
const menuButton = document.querySelector<HTMLButtonElement>('button[aria-controls="landing-menu"]');
const menu = document.getElementById('landing-menu');
const setMenu = (open: boolean) => {
  if (!menuButton || !menu) return;
  menu.hidden = !open;
  menuButton.setAttribute('aria-expanded', String(open));
  menuButton.setAttribute('aria-label', (open ? menuButton.dataset.closeLabel : menuButton.dataset.openLabel) ?? '');
};
on(menuButton, 'click', () => setMenu(menu?.hidden === true));
menu?.querySelectorAll('a').forEach((link) => on(link, 'click', () => setMenu(false)));

// Questions and answers: one open at a time.
for (const list of document.querySelectorAll('[data-disclosures]')) {
  const buttons = [...list.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
  for (const button of buttons)
    on(button, 'click', () => {
      const opening = button.getAttribute('aria-expanded') !== 'true';
      for (const other of buttons) {
        const open = other === button && opening;
        other.setAttribute('aria-expanded', String(open));
        document.getElementById(other.getAttribute('aria-controls')!)!.hidden = !open;
      }
      if (opening && document.getElementById(button.getAttribute('aria-controls')!)?.querySelector('[data-crisis-faq]')) wantCrisisLines();
    });
}

// The language: kept where the app and the server look for it, then the page comes back in it.
on(document.querySelector('[data-testid="language-switcher"]'), 'change', (e) => {
  const lng = (e.target as HTMLSelectElement).value;
  document.cookie = `i18next=${lng}; path=/; max-age=31536000; samesite=lax`;
  save('i18nextLng', lng);
  const url = new URL(location.href);
  if (url.searchParams.has('lng')) {
    url.searchParams.delete('lng');
    location.replace(url.href);
  } else location.reload();
});

// The WatchMoms application: the app's dialog (watchmoms-island.tsx), which the app's entry script
// brings when this page asks; loaded on the first sign of interest. The entry's address is in the
// page (scripts/vite-landing-renderer.ts writes the built file's in).
const appSrc = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content ?? '';
let app: Promise<unknown> | undefined;
const loadApp = () => (app ??= import(/* @vite-ignore */ appSrc));
// The "hard time" answer's crisis lines for the visitor's country come with the app's entry too
// (crisis-faq-island.ts): loaded on the first sign of interest, filled when the answer opens.
const pageLang = html.lang;
function wantCrisisLines() {
  html.dataset.wantsCrisis = pageLang;
  if (html.dataset.crisisIsland === 'ready') document.dispatchEvent(new Event('landing:open-crisis'));
  else void loadApp();
}
const hardTime = document.querySelector<HTMLButtonElement>('button[aria-controls="qa-hardTime-answer"]');
on(hardTime, 'pointerenter', () => void loadApp());
on(hardTime, 'focus', () => void loadApp());

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-action="watchmoms"]')) {
  on(button, 'pointerenter', () => void loadApp());
  on(button, 'focus', () => void loadApp());
  on(button, 'click', () => {
    html.dataset.wants = 'watchmoms';
    if (html.dataset.island === 'ready') document.dispatchEvent(new Event('landing:open-watchmoms'));
    else void loadApp();
  });
}
