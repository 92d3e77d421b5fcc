import type publicTexts from '#locales/en/public.json';

/**
 * The translation keys of a crisis line's name and note. A line's id is a plain string in
 * common/domain/crisis-lines.ts; every id has its texts in `public.json` (common/domain/crisis-lines.test.ts),
 * so the id is taken as one of the keys the English file has.
 */
type LineId = keyof typeof publicTexts.crisis.lines;
export const lineName = (id: string) => `crisis.lines.${id as LineId}.name` as const;
export const lineNote = (id: string) => `crisis.lines.${id as LineId}.note` as const;
