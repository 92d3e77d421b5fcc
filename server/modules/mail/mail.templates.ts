import en from './texts/en.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };

/**
 * Mail texts live in texts/{en,fr}.json (same keys, a test checks), like the client's translation
 * files; a template only says which texts, which link and which list make up the mail.
 */
export const mailTexts = { en, fr } as const;
export const mailLocales = ['en', 'fr'] as const;
export type MailLocale = (typeof mailLocales)[number];
export const toMailLocale = (v: string | null | undefined): MailLocale => (v === 'fr' ? 'fr' : 'en');

type Vars = Record<string, string | number>;

export interface MailContent {
  /** Key of the subject, e.g. "passwordReset.subject". */
  subject: string;
  /** Greeted by first name when known. */
  name?: string | null;
  /** Keys of the paragraphs before the button. */
  paragraphs: string[];
  /** Lines shown as a list (already in the recipient's language or proper names), each with its own link when it has one. */
  list?: (string | { text: string; url: string })[];
  action?: { label: string; url: string };
  /** Keys of the paragraphs after the button. */
  after?: string[];
  /** Titled lists after the paragraphs (a digest): title key, and lines already in the recipient's language. */
  sections?: { title: string; items: string[] }[];
  /** A way out of this kind of mail (one-click unsubscribe), shown in the footer. */
  unsubscribe?: { label: string; url: string };
  vars?: Vars;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function lookup(locale: MailLocale, key: string): string {
  let node: unknown = mailTexts[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing mail text ${locale}:${key}`);
  return node;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const interpolate = (s: string, vars: Vars, escape: (v: string) => string) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => (k in vars ? escape(String(vars[k])) : `{{${k}}}`));

/** One mail text in `locale` with its {{values}} filled in (plain text), e.g. for the lines of a list. */
export const mailText = (locale: MailLocale, key: string, vars: Vars = {}) => interpolate(lookup(locale, key), vars, (v) => v);

/** The mail in the recipient's language, as plain text and as HTML (every interpolated value escaped). */
export function renderMail(locale: MailLocale, content: MailContent, site: string): RenderedMail {
  const vars: Vars = { site, ...content.vars };
  const t = (key: string) => interpolate(lookup(locale, key), vars, (v) => v);
  const h = (key: string) => interpolate(escapeHtml(lookup(locale, key)), vars, escapeHtml);
  const greeting = content.name
    ? interpolate(lookup(locale, 'layout.greeting'), { name: content.name }, (v) => v)
    : t('layout.greetingNoName');
  const greetingHtml = content.name
    ? interpolate(escapeHtml(lookup(locale, 'layout.greeting')), { name: content.name }, escapeHtml)
    : h('layout.greetingNoName');

  const text = [
    greeting,
    ...content.paragraphs.map(t),
    ...(content.list?.length ? [content.list.map((l) => (typeof l === 'string' ? `- ${l}` : `- ${l.text}\n  ${l.url}`)).join('\n')] : []),
    ...(content.sections ?? []).map((sec) => [t(sec.title), ...sec.items.map((l) => `- ${l}`)].join('\n')),
    // French puts a no-break space before the colon (decision 028).
    ...(content.action ? [`${t(content.action.label)}${locale === 'fr' ? '\u00a0:' : ':'}\n${content.action.url}`] : []),
    ...(content.after ?? []).map(t),
    t('layout.signature'),
    '--\n' + t('layout.footer') + (content.unsubscribe ? `\n${t(content.unsubscribe.label)}\n${content.unsubscribe.url}` : ''),
  ].join('\n\n');

  const p = (inner: string) => `<p style="margin:0 0 16px;line-height:1.5">${inner}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${h(content.action.label)}</a></p>` +
      p(
        `<span style="color:#6b7280;font-size:13px">${h('layout.linkFallback')}<br><a href="${escapeHtml(content.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(content.action.url)}</a></span>`,
      )
    : '';
  const list = content.list?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${content.list
        .map((l) =>
          typeof l === 'string'
            ? `<li>${escapeHtml(l)}</li>`
            : `<li><a href="${escapeHtml(l.url)}" style="color:#4f46e5">${escapeHtml(l.text)}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  const sections = (content.sections ?? [])
    .map(
      (sec) =>
        `<h2 style="font-size:15px;margin:20px 0 8px">${h(sec.title)}</h2><ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${sec.items.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    )
    .join('\n');
  const unsubscribe = content.unsubscribe
    ? `<br><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#6b7280">${h(content.unsubscribe.label)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t(content.subject))}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:12px;padding:24px">
${p(greetingHtml)}
${content.paragraphs.map((k) => p(h(k))).join('\n')}
${list}${sections}${button}
${(content.after ?? []).map((k) => p(h(k))).join('\n')}
${p(h('layout.signature'))}
</div>
<p style="color:#6b7280;font-size:12px;text-align:center;margin:16px 0 0">${h('layout.footer')}${unsubscribe}</p>
</div></body></html>`;
  return { subject: t(content.subject), text, html };
}
