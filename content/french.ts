/*
 * French in one voice (docs/decisions/028): the product says « tu », writes the brand one way,
 * puts a no-break space (U+00A0) before : ; ? ! and inside « », and writes references "Jean 3.16".
 * Bible quotations keep their own wording, « vous » included.
 */

/** Places where « vous » is right: the reader is not addressed, a group is (each says why). */
export const VOUS_ALLOWED: { where: RegExp; phrase: string; why: string }[] = [
  {
    where: /^week-04\.json fr\.sections\.2\./,
    phrase: 'ensemble, vous remarquerez des choses qui vous auraient échappé seuls',
    why: 'the reader and the friends reading with them',
  },
  {
    where: /^week-04\.json fr\.sections\.5\./,
    phrase: "interrogez-vous l'un l'autre",
    why: 'the reader and the friend learning the verse with them',
  },
  { where: /^week-08\.json fr\.sections\.2\./, phrase: 'vous pouvez prier ensemble', why: 'the reader and the friend who said yes' },
  {
    where: /^week-08\.json fr\.sections\.4\./,
    phrase: 'en vous retrouvant régulièrement pour lire la Bible, prier et mettre en pratique ce que vous apprenez',
    why: 'the reader and the three friends they mentor',
  },
  { where: /^course\.json fr challenge\.days\.15\./, phrase: 'priez ensemble', why: 'the reader and the Christian friend of that day' },
];

const VOUS = /\b(vous|votre|vos|vôtres?)\b/giu;
/** A second person plural imperative or question: "Répondez", "Choisissez-en", "Avez-vous". */
const PLURAL_VERB = /(?<![\p{L}-])\p{L}{2,}ez\b/gu;
const NOT_VERBS = new Set(['chez', 'assez', 'nez', 'rez', 'rendez']); // rendez-vous, the noun

/** The text without its quotations (« … », “ … ”), which keep the wording of what they quote. */
export function withoutQuotations(text: string): string {
  return text.replace(/«[^»]*»/g, ' ').replace(/“[^”]*”/g, ' ');
}

/** Words that address the reader as « vous », outside quotations and the allowed places. */
export function vousForms(text: string, where: string): string[] {
  let plain = withoutQuotations(text);
  for (const allowed of VOUS_ALLOWED) if (allowed.where.test(where)) plain = plain.replaceAll(allowed.phrase, ' ');
  plain = plain.replace(/\brendez-vous\b/gi, ' ');
  return [...plain.matchAll(VOUS), ...[...plain.matchAll(PLURAL_VERB)].filter((m) => !NOT_VERBS.has(m[0].toLowerCase()))].map((m) => m[0]);
}

/**
 * Missing or wrong spaces: a plain or narrow space where a no-break space belongs, or none at all
 * ("Dieu!", «Bonjour»). URLs and clock times are left alone.
 */
export function typographyProblems(text: string): string[] {
  const problems: string[] = [];
  const t = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ').replace(/\bmailto:\S+/gi, ' ');
  for (const m of t.matchAll(/([ \u202F])([:;?!»])/g))
    problems.push(`${m[1] === ' ' ? 'a plain' : 'a narrow'} space before "${m[2]}" (use U+00A0)`);
  for (const m of t.matchAll(/«([ \u202F])/g)) problems.push(`${m[1] === ' ' ? 'a plain' : 'a narrow'} space after "«" (use U+00A0)`);
  for (const m of t.matchAll(/[\p{L}\p{N})»}.'’"]([;?!]+|:(?!\d))/gu)) {
    const at = m.index;
    if (m[1] === ':' && /\d$/.test(t.slice(0, at + 1))) continue; // 20:30
    problems.push(`no space before "${m[1]}" in "${t.slice(Math.max(0, at - 12), at + 2)}"`);
  }
  for (const m of t.matchAll(/«(?=[^\s\u00A0])/g)) problems.push(`no space after "«" in "${t.slice(m.index, m.index + 12)}"`);
  for (const m of t.matchAll(/(?<=[^\s\u00A0])»/g))
    problems.push(`no space before "»" in "${t.slice(Math.max(0, m.index - 12), m.index + 1)}"`);
  return problems;
}

/** Bible references written the English way ("Jean 3:16") in French text. */
export function colonReferences(text: string): string[] {
  return [...text.matchAll(/\b(?:[123]\s)?[A-ZÉ][a-zéèêëîïôûü]+\s\d+:\d+(?:-\d+)?/g)].map((m) => m[0]);
}

/** The brand is "G.O.D", in full "G.O.D Discipleship", in every language. */
export function brandProblems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bG\.?\s?O\.?\s?D\.?(?=\s|$|[^\p{L}])(\s+Discip\p{L}*)?/gu)) {
    const [whole, full] = m;
    if (/^God\b/.test(whole) || whole === 'GOD') continue; // the word God, not the brand
    if (!whole.startsWith('G.O.D') || /^G\.O\.D\./.test(whole)) out.push(whole.trim());
    else if (full && full.trim().toLowerCase() !== 'discipleship') out.push(whole.trim());
  }
  return out;
}
