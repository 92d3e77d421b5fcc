import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a snippet as if it were the file at `filePath`, with the project's own ESLint configuration. */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await new ESLint().lintText(code, { filePath });
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
