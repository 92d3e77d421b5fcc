/*
 * Runs before the first paint (an external file: the CSP allows no inline script).
 *
 * 1. The saved theme, so a dark page never flashes light.
 * 2. On the two public first screens of the app, starts the downloads their first paint waits for, in
 *    parallel with the app's scripts instead of after them (docs/decisions/048): the translation
 *    files of the language i18next will detect (the same order as lib/i18n.ts: ?lng=, the
 *    i18next cookie, the saved choice, the browser's languages; English otherwise, and English
 *    as the fallback i18next also loads) and, on `/`, the "who is this?" answer
 *    (app/visitor-check.ts); on a screen that is not part of the entry script, that screen's
 *    scripts (filled in at build time by scripts/vite-first-screens.ts). The app's own requests
 *    then use these responses. Keep the namespace lists beside each page's `useTranslation`.
 */
(function () {
  try {
    if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch (e) {
    /* storage unavailable: keep the light default */
  }

  var firstScreens = {
    // A visitor's `/` is the server's prerendered page (3. below): this is a signed-in user's.
    '/': { namespaces: ['common', 'validation'], currentUser: true },
    '/soul-health-check': { namespaces: ['common', 'validation', 'public', 'validation-public'] },
  };
  var firstScreenScripts = {};

  function stored(storage) {
    try {
      return window[storage].getItem('i18nextLng');
    } catch (e) {
      return null;
    }
  }
  function cookie() {
    var match = document.cookie.match(/(?:^|;\s*)i18next=([^;]*)/);
    return match ? decodeURIComponent(match[1]) : null;
  }
  function language() {
    var candidates = [new URLSearchParams(location.search).get('lng'), cookie(), stored('localStorage'), stored('sessionStorage')]
      .concat(navigator.languages || [], navigator.language);
    for (var i = 0; i < candidates.length; i++) {
      var code = String(candidates[i] || '').split('-')[0].toLowerCase();
      if (code === 'en' || code === 'fr') return code;
    }
    return 'en';
  }
  function preload(href, rel) {
    var link = document.createElement('link');
    link.rel = rel || 'preload';
    if (!rel) link.as = 'fetch';
    // The app fetches these (and Vite loads its modules) same-origin, not with credentials "include": this matches it.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }

  // 3. A page the server prerendered (docs/decisions/057) comes in the language of the i18next
  //    cookie or of the browser; a choice saved only in storage (from before the cookie) is put
  //    in the cookie and the page asked for again, before anything is painted. The landing
  //    page's texts and script are all in it: nothing to preload.
  var prerendered = document.documentElement.getAttribute('data-prerendered');
  if (prerendered) {
    var wanted = language();
    if (wanted !== document.documentElement.lang) {
      document.cookie = 'i18next=' + wanted + '; path=/; max-age=31536000; samesite=lax';
      if (cookie() === wanted) return location.reload();
    }
    if (prerendered === 'landing') return;
  }

  var screen = firstScreens[location.pathname];
  if (!screen) return;
  function startDownloads() {
    var lng = language();
    var languages = lng === 'en' ? ['en'] : [lng, 'en'];
    for (var l = 0; l < languages.length; l++)
      for (var n = 0; n < screen.namespaces.length; n++) preload('/locales/' + languages[l] + '/' + screen.namespaces[n] + '.json');
    if (screen.currentUser) preload('/api/auth/user');
    var scripts = firstScreenScripts[location.pathname] || [];
    for (var s = 0; s < scripts.length; s++) preload(scripts[s], 'modulepreload');
  }
  if (!prerendered) return startDownloads();

  // 4. The prerendered Soul Health Check shows its introduction from the HTML alone: the app (its
  //    entry script and the modules it starts with, which the server moved into meta tags) and the
  //    first screen's downloads start once that is painted, instead of sharing the connection with
  //    the styles the first paint waits for.
  function startApp() {
    startDownloads();
    var preloads = document.querySelectorAll('meta[name="app-preload"]');
    for (var p = 0; p < preloads.length; p++) preload(preloads[p].content, 'modulepreload');
    var entry = document.querySelector('meta[name="app-entry"]');
    if (!entry) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry.content;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(startApp, 0);
  });
})();
