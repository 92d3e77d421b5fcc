import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The snippets are no file of the TypeScript program, so the rules that read the types (decision
// 086) are left out here: the parser would refuse a file it cannot find in the program.
const eslint = new ESLint({
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

/** Lints a snippet as if it were the file at `filePath`, with the project's own ESLint configuration. */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  // A snippet ESLint could not read would have no boundary error either: that is no pass.
  const fatal = result?.messages.filter((m) => m.fatal).map((m) => m.message) ?? ['no result'];
  if (fatal.length) throw new Error(`ESLint could not read the snippet: ${fatal.join('; ')}`);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/feature-boundaries').map((m) => m.message);
}

describe('the lint rule against imports between client features', () => {
  it('refuses a feature importing another feature, at any depth', async () => {
    expect(
      await boundaryErrors('client/src/features/onboarding/api/x.ts', "import { a } from '../../auth/api/sign-in.ts';\nexport { a };\n"),
    ).toEqual([expect.stringContaining("The 'onboarding' feature imports the 'auth' feature")]);
    expect(await boundaryErrors('client/src/features/course/x.ts', "export { a } from '../mentoring/api/keys.ts';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('client/src/features/course/x.ts', "export { a } from '#client/features/mentoring/api/keys.ts';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'client/src/features/course/components/x.tsx',
        "export const f = () => import('../../admin/components/admin-page.tsx');\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses shared code importing a feature or the app, and a feature importing the app', async () => {
    expect(await boundaryErrors('client/src/lib/x.ts', "export { a } from '../features/course/api/keys.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors('client/src/lib/x.ts', "export { a } from '#client/app/routes.tsx';\n")).toHaveLength(1);
    expect(await boundaryErrors('client/src/components/layout/x.tsx', "export { a } from '../../app/routes.tsx';\n")).toHaveLength(1);
    expect(await boundaryErrors('client/src/features/admin/x.ts', "export { a } from '../../app/routes.tsx';\n")).toHaveLength(1);
  });

  it('allows a feature its own files and shared code, and the app any feature', async () => {
    expect(
      await boundaryErrors(
        'client/src/features/course/components/x.tsx',
        "export { a } from '../api/keys.ts';\nexport { b } from '../../../lib/query-keys.ts';\nexport { c } from '#client/lib/api.ts';\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('client/src/app/x.tsx', "export { a } from '../features/course/api/keys.ts';\n")).toEqual([]);
  });
});
