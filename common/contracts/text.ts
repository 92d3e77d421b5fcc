import { z } from 'zod';

/*
 * Characters no form field needs. PostgreSQL refuses NUL in text (the request used to fail with a
 * 500), C0/C1 control characters hide or garble text in the admin console and CSV export, and bidi
 * overrides make a name display as something else ("Trojan Source"-style spoofing).
 */

/** One of a fixed list, refused with a message that names every allowed value. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, `must be one of ${values.join(', ')}`);

export const CONTROL_CHARACTERS = 'Must not contain control characters';
export const DIRECTION_CHARACTERS = 'Must not contain text-direction characters';

/* eslint-disable no-control-regex -- matching control characters is the point here */
// C0 except tab, line feed and carriage return; DEL; C1; line and paragraph separators.
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
// On one line, tab, line feed and carriage return are refused too.
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// Embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

/** Control characters, or a lone surrogate (half of an emoji: not text, and stored as U+FFFD). */
export const hasControlCharacters = (value: string, { multiLine = false } = {}) =>
  (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) || LONE_SURROGATE.test(value);
export const hasBidiControls = (value: string) => BIDI_CONTROLS.test(value);

/** Refuses control characters (and, on one line, tabs and line breaks) in a string schema. */
export function plainText<T extends z.ZodType<string>>(schema: T, { multiLine = false } = {}) {
  return schema.refine((v) => !hasControlCharacters(v, { multiLine }), CONTROL_CHARACTERS);
}

/** A person's name: one line, and no characters that reorder how it displays. */
export function personName<T extends z.ZodType<string>>(schema: T) {
  return plainText(schema).refine((v) => !hasBidiControls(v), DIRECTION_CHARACTERS);
}
