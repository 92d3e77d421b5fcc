import { describe, expect, it } from 'vitest';

import { isFormSpec } from '../lib/forms.ts';

/**
 * Every form starts from values its contract knows. The founder's setup page once started with a
 * key its strict schema refused ("Unrecognized key"), so every submit failed at the form's root,
 * where no field showed it, and nothing happened (issue 22).
 */
const modules = import.meta.glob<Record<string, unknown>>(['../features/*/components/*.tsx', '!../features/*/components/*.test.tsx'], {
  eager: true,
});
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const specs = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, value]) => isFormSpec(value))
    .map(([name, spec]) => ({
      name: `${file.replace('../features/', '')} ${name}`,
      spec: spec as Parameters<typeof isFormSpec>[0] & { schema: import('zod').ZodType; defaultValues: object },
    })),
);

describe('forms and their contracts', () => {
  it('every form goes through a spec: no screen calls useForm itself', () => {
    const direct = Object.entries(sources)
      .filter(([, text]) => /\buseForm\s*[<(]/.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
    const withForm = Object.entries(sources)
      .filter(([, text]) => text.includes('useSchemaForm('))
      .map(([file]) => file);
    // Each module that builds a form exports the spec it builds it from.
    for (const file of withForm) expect(text(file), file).toMatch(/export const \w+FormSpec = formSpec\(/);
    expect(specs.length).toBeGreaterThanOrEqual(12);
  });

  it.each(specs)('$name starts from values its schema knows', ({ spec }) => {
    const result = spec.schema.safeParse(spec.defaultValues);
    const wholeFormIssues = result.success ? [] : result.error.issues.filter((i) => i.path.length === 0 || i.code === 'unrecognized_keys');
    expect(wholeFormIssues).toEqual([]);
  });
});

function text(file: string) {
  return sources[file]!;
}
