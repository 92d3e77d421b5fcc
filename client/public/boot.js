/*
 * Runs before the first paint (an external file: the CSP allows no inline script).
 *
 * 1. The saved theme, so a dark page never flashes light.
 * 2. On the app's first screens (the Soul Health Check, and a signed-in user's dashboard, lesson,
 *    quiz, tree and settings: docs/decisions/078), starts the downloads their first paint waits for, in
 *    parallel with the app's scripts instead of after them (docs/decisions/048): the translation
 *    files of the language i18next will detect (the same order as lib/i18n.ts: ?lng=, the
 *    i18next cookie, the saved choice, the browser's languages; English otherwise, and English
 *    as the fallback i18next also loads), the screen's scripts (filled in at build time by
 *    scripts/vite-first-screens.ts) and, signed in, its API reads (5. below; listed by endpoint in
 *    client/src/app/first-screen-reads.ts, written in by the same plugin). The app's own requests
 *    then use these responses. Keep the lists beside each page's `useTranslation` and queries
 *    (e2e/platform.e2e.ts fails when a read is not taken or a file is asked for twice).
 */
(function () {
  try {
    if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch (e) {
    /* storage unavailable: keep the light default */
  }

  // Each first screen: the translations it waits for. `as`: its key in firstScreenScripts and
  // firstScreenReads when not its own.
  var dashboard = {
    as: '/dashboard',
    namespaces: ['common', 'validation', 'course', 'mentoring', 'track'],
  };
  var firstScreens = {
    // A visitor's `/` is the server's prerendered page (3. below): this is a signed-in user's.
    '/': dashboard,
    '/dashboard': dashboard,
    '/lesson/:id': { namespaces: ['common', 'validation', 'course'] },
    '/assessment/:id': { namespaces: ['common', 'validation', 'course'] },
    '/disciple-tree': {
      namespaces: ['common', 'validation', 'mentoring', 'validation-mentoring', 'mentor-week', 'safeguarding', 'validation-safeguarding'],
    },
    '/settings': {
      namespaces: [
        'common',
        'validation',
        'settings',
        'notifications',
        'auth',
        'privacy',
        'safeguarding',
        'validation-safeguarding',
        'prayer',
        'onboarding',
        'validation-public',
      ],
    },
    '/soul-health-check': { namespaces: ['common', 'validation', 'public', 'validation-public'] },
  };
  var firstScreenScripts = {};
  // Of the same screens' scripts, the small ones (an icon, a helper), filled in by the same plugin:
  // preloaded only once a screen the server rendered is painted (4. below).
  var firstScreenSmallScripts = {};
  // Signed in, the API reads each first screen makes first, by the same keys: URL templates
  // (`{lng}`: the language below; `{id}`: the path's id), and, for the dashboard, `courseApi`: the
  // reads that need the course's id, asked once `courseList` (one of `api`) is here. Written in
  // from the endpoints' definitions by scripts/vite-first-screens.ts (client/src/app/first-screen-reads.ts),
  // in the build and by the dev server.
  var firstScreenReads = {};

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
    // In order, each asked only when the ones before gave nothing (reading storage costs time before the first paint).
    var sources = [
      function () {
        return [new URLSearchParams(location.search).get('lng')];
      },
      function () {
        return [cookie()];
      },
      function () {
        return [stored('localStorage')];
      },
      function () {
        return [stored('sessionStorage')];
      },
      function () {
        return [].concat(navigator.languages || [], navigator.language);
      },
    ];
    for (var s = 0; s < sources.length; s++) {
      var candidates = sources[s]();
      for (var i = 0; i < candidates.length; i++) {
        var code = String(candidates[i] || '')
          .split('-')[0]
          .toLowerCase();
        if (code === 'en' || code === 'fr') return code;
      }
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

  var key = location.pathname;
  var id = '';
  var withId = key.match(/^\/(lesson|assessment)\/([0-9a-f-]{36})$/);
  if (withId) {
    key = '/' + withId[1] + '/:id';
    id = withId[2];
  }
  var screen = firstScreens[key];
  if (!screen) return;

  // 5. The first screen's API reads start now too (docs/decisions/078): lib/api.ts and
  //    app/visitor-check.ts take these answers for their first GET of the same URL, on this path only.
  function today() {
    var d = new Date();
    var two = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate());
  }
  function startReads(lng) {
    // A screen the server rendered for this person (docs/decisions/084) has its data in the page.
    if (prerendered === 'screen') return;
    var reads = firstScreenReads[screen.as || key];
    if (!reads || !window.fetch) return;
    var responses = {};
    window.firstRequests = { path: location.pathname, responses: responses };
    var fill = function (url, course) {
      return url
        .replace('{lng}', lng)
        .replace('{id}', id)
        .replace('{course}', encodeURIComponent(course || ''))
        .replace('{today}', today());
    };
    var read = function (url) {
      // As the app's own GETs (lib/api.ts): same URL, cookie included. The body is read here, so an
      // answer the app does not take still completes, and the app gets a copy of the same answer.
      responses[url] = fetch(url, { credentials: 'include' }).then(function (res) {
        return res.arrayBuffer().then(function (body) {
          var empty = res.status === 204 || res.status === 205 || res.status === 304;
          return new Response(empty ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
        });
      });
      // Offline, an answer nobody takes fails quietly; the app's own GET still sees the failure.
      responses[url].catch(function () {});
      return responses[url];
    };
    for (var a = 0; a < reads.api.length; a++) {
      var response = read(fill(reads.api[a]));
      if (reads.courseApi && reads.api[a] === reads.courseList)
        // The dashboard shows the first course: its progress and lessons need its id.
        response
          .then(function (res) {
            return res.ok ? res.clone().json() : [];
          })
          .then(function (courses) {
            if (!courses[0] || !courses[0].id) return;
            for (var c = 0; c < reads.courseApi.length; c++) read(fill(reads.courseApi[c], courses[0].id));
          })
          .catch(function () {
            /* the app asks for them itself */
          });
    }
  }

  // `add(href, rel)` adds one link; after the first paint (4. below) they are collected and added a few per task.
  function startDownloads(add) {
    add = add || preload;
    var lng = language();
    startReads(lng);
    var languages = lng === 'en' ? ['en'] : [lng, 'en'];
    for (var l = 0; l < languages.length; l++)
      for (var n = 0; n < screen.namespaces.length; n++) add('/locales/' + languages[l] + '/' + screen.namespaces[n] + '.json');
    var scripts = firstScreenScripts[screen.as || key] || [];
    for (var s = 0; s < scripts.length; s++) add(scripts[s], 'modulepreload');
  }
  if (!prerendered) return startDownloads();

  // 4. The prerendered Soul Health Check shows its introduction from the HTML alone, and a signed-in
  //    screen the server rendered (docs/decisions/084) the whole screen: the app (its entry script
  //    and the modules it starts with, which the server moved into meta tags) and the first screen's
  //    downloads start once that is painted, instead of sharing the connection with the styles the
  //    first paint waits for. The page is on screen by then, so the links are added two per task:
  //    each costs about 7 ms (up to 20) on a slow phone, and twenty at once held the page for
  //    190 ms (Lighthouse's total blocking time).
  function startApp() {
    var links = [];
    var collect = function (href, rel) {
      links.push([href, rel]);
    };
    startDownloads(collect);
    var preloads = document.querySelectorAll('meta[name="app-preload"]');
    for (var p = 0; p < preloads.length; p++) collect(preloads[p].content, 'modulepreload');
    // Then the screen's small scripts (an icon, a helper), which the app's imports would otherwise
    // add all at once in the middle of its start, and last the app's entry.
    var small = firstScreenSmallScripts[screen.as || key] || [];
    for (var m = 0; m < small.length; m++) collect(small[m], 'modulepreload');
    (function addSome() {
      var some = links.splice(0, 2);
      for (var l = 0; l < some.length; l++) preload(some[l][0], some[l][1]);
      if (links.length) return setTimeout(addSome, 0);
      var entry = document.querySelector('meta[name="app-entry"]');
      if (!entry) return;
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = 'anonymous';
      script.src = entry.content;
      document.head.appendChild(script);
    })();
  }
  requestAnimationFrame(function () {
    setTimeout(startApp, 0);
  });
})();
