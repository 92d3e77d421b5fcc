/**
 * The visitor's country's crisis lines in the landing page's "going through a hard time" answer
 * (issue 23, docs/decisions/060). Plain DOM, no React: the prerendered page's small script
 * (landing-static.ts) loads this when the question is opened, and the app's landing page mounts
 * the same thing (outreach-sections.tsx). The texts are the `public` namespace's `crisis.*`, read
 * from the locale file, so both languages say the same as the Soul Health Check.
 */
import {
  crisisCountries,
  crisisLinesFor,
  emergencyNumberFor,
  guessCrisisRegionWithSource,
  hasVerifiedLines,
  helplineDirectory,
  type CrisisLine,
  type CrisisRegion,
} from '#common/domain/crisis-lines.ts';

type Texts = Record<string, unknown>;

const get = (texts: Texts, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), texts);
  return typeof value === 'string' ? value : '';
};
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {},
  children: (Node | string)[] = [],
) {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  node.append(...children);
  return node;
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-destructive/50 bg-background px-3 py-2 text-sm font-bold hover:bg-destructive/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function link(href: string, text: string, className = linkClass) {
  const isWeb = href.startsWith('http');
  return el('a', { href, className, textContent: text, ...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {}) });
}

/** The crisis lines of `region` into `root`, with the picker that redraws them. */
function draw(
  root: HTMLElement,
  region: CrisisRegion,
  ctx: { texts: Texts; lang: string; guess: { region: CrisisRegion; source: string } },
) {
  const { texts, lang, guess } = ctx;
  const t = (key: string, values: Record<string, string | number> = {}) => fill(get(texts, `crisis.${key}`), values);
  const regionNames = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const languageNames = new Intl.DisplayNames([lang], { type: 'language' });
  const nameOf = (r: CrisisRegion) => (r === 'international' ? t('otherCountry') : (regionNames.of(r) ?? r));
  root.replaceChildren();
  root.dataset.region = region;

  // The picker, always there, and where the country comes from.
  const collator = new Intl.Collator(lang);
  const select = el('select', {
    id: 'faq-crisis-country',
    className: 'h-10 min-w-44 max-w-full rounded-md border border-input bg-background px-3 text-sm',
    dataset: { testid: 'faq-crisis-country' },
  });
  for (const code of [...crisisCountries].sort((a, b) => collator.compare(nameOf(a), nameOf(b))))
    select.append(el('option', { value: code, textContent: nameOf(code) }));
  select.append(el('option', { value: 'international', textContent: t('otherCountry') }));
  select.value = region;
  select.addEventListener('change', () => draw(root, select.value, ctx));
  root.append(
    el('div', { className: 'flex flex-wrap items-center gap-2' }, [
      el('label', { htmlFor: 'faq-crisis-country', className: 'text-sm font-medium text-foreground', textContent: t('country') }),
      select,
    ]),
  );
  const note =
    region === 'international'
      ? t('guess.none')
      : region === guess.region && guess.source !== 'none'
        ? t(`guess.${guess.source}`, { country: nameOf(region) })
        : '';
  if (note) root.append(el('p', { className: 'text-sm', textContent: note, dataset: { testid: 'faq-crisis-note' } }));

  // The emergency number, never missing for a known country.
  const emergency = emergencyNumberFor(region);
  const or = new Intl.ListFormat(lang, { type: 'disjunction' });
  const emergencyLine = el('p', { className: 'font-semibold text-foreground', dataset: { testid: 'faq-emergency-line' } });
  if (emergency) {
    emergencyLine.append(t('emergency', { number: or.format(emergency.numbers.map((n) => n.display)) }), ' ');
    emergency.numbers.forEach((n, i) =>
      emergencyLine.append(
        ...(i > 0 ? [' · '] : []),
        link(n.href, t('actions.call', { number: n.display }), 'underline underline-offset-4'),
      ),
    );
  } else emergencyLine.append(t('emergencyLocal'));
  root.append(emergencyLine);

  // The country's lines, or an honest word that none could be verified.
  const directory = () =>
    link(helplineDirectory.actions[0]!.href, t('actions.web'), 'font-medium text-primary underline underline-offset-4');
  if (region !== 'international' && !hasVerifiedLines(region)) {
    root.append(
      el('p', { className: 'text-sm text-foreground', dataset: { testid: 'faq-no-line' } }, [
        t('noLine', { country: nameOf(region) }),
        ' ',
        t('callbackCheck'),
        ' ',
        directory(),
      ]),
    );
    return;
  }
  const list = el('ul', { className: 'grid gap-2 sm:grid-cols-2' });
  for (const line of crisisLinesFor(region)) list.append(lineItem(line, t, lang, languageNames));
  root.append(list);
  if (region !== 'international') root.append(el('p', { className: 'text-sm' }, [t('elsewhere'), ' ', directory()]));
}

function lineItem(
  line: CrisisLine,
  t: (key: string, values?: Record<string, string | number>) => string,
  lang: string,
  languageNames: Intl.DisplayNames,
) {
  const facts = [
    line.isAllDay ? t('allDay') : '',
    line.isFree ? t('free') : '',
    line.languages
      ? t('languages', {
          languages: new Intl.ListFormat(lang, { type: 'conjunction' }).format(line.languages.map((l) => languageNames.of(l) ?? l)),
        })
      : '',
    line.ages ? (line.ages[0] === null ? t('agesUpTo', { to: line.ages[1] }) : t('ages', { from: line.ages[0], to: line.ages[1] })) : '',
    t(`lines.${line.id}.note`),
  ].filter(Boolean);
  const actions = el('div', { className: 'flex flex-wrap gap-2' });
  for (const action of line.actions)
    actions.append(link(action.href, t(`actions.${action.kind}`, { number: action.number ?? line.display })));
  return el(
    'li',
    {
      className: 'flex flex-col gap-2 rounded-xl border bg-background p-3 text-foreground',
      dataset: { testid: `faq-crisis-line-${line.id}` },
    },
    [
      el('div', {}, [
        el('p', { className: 'font-semibold', textContent: t(`lines.${line.id}.name`) }),
        el('p', { className: 'text-sm text-muted-foreground', textContent: facts.join(' · ') }),
      ]),
      actions,
    ],
  );
}

/**
 * Fills `root` with the crisis lines of the visitor's country (guessed from the device's time zone,
 * else its language) in `lang`. `texts` is the `public` namespace, fetched when not given.
 */
export async function mountCrisisFaq(root: HTMLElement, { lang, texts }: { lang: string; texts?: Texts }) {
  const resolved = texts ?? ((await fetch(`/locales/${lang}/public.json`).then((r) => (r.ok ? r.json() : {}))) as Texts);
  const guess = guessCrisisRegionWithSource({ languages: navigator.languages, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  draw(root, guess.region, { texts: resolved, lang, guess });
  root.hidden = false;
}
