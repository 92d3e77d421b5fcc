import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const oxlint = path.join(root, 'node_modules/.bin/oxlint');
const run = promisify(execFile);

/**
 * Each snippet is linted in a scratch project of its own, with the project's Oxlint configuration (its
 * line comments taken out), its plugin named by absolute path, and without the rules that read the
 * types (a snippet is no file of the TypeScript program).
 */
const scratch = await mkdtemp(path.join(os.tmpdir(), 'boundaries-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const config = JSON.parse(
  (await readFile(path.join(root, '.oxlintrc.json'), 'utf8'))
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n'),
) as { options: { typeAware: boolean }; jsPlugins: { specifier: string }[] };
config.options.typeAware = false;
for (const plugin of config.jsPlugins) plugin.specifier = path.join(root, plugin.specifier);

let written = 0;
/** Lints a snippet as if it were the file at `filePath` (its relative imports resolve as they would in the project). */
async function boundaryErrors(filePath: string, code: string) {
  const dir = path.join(scratch, String(written++));
  await mkdir(path.dirname(path.join(dir, filePath)), { recursive: true });
  await writeFile(path.join(dir, filePath), code);
  await writeFile(path.join(dir, '.oxlintrc.json'), JSON.stringify(config));
  const { stdout } = await run(oxlint, ['--format', 'json', filePath], { cwd: dir }).catch(
    // Oxlint exits 1 when it reports an error; its report is still on stdout.
    (err: { stdout?: string; stderr?: string }) => {
      if (!err.stdout) throw new Error(`oxlint failed: ${err.stderr ?? String(err)}`);
      return { stdout: err.stdout };
    },
  );
  const { diagnostics, number_of_files } = JSON.parse(stdout) as {
    diagnostics: { code: string; message: string }[];
    number_of_files: number;
  };
  // A snippet Oxlint did not read would have no boundary error either: that is no pass.
  if (number_of_files !== 1) throw new Error(`oxlint read ${number_of_files} files instead of the snippet`);
  return diagnostics.filter((d) => d.code.includes('feature-boundaries')).map((d) => d.message);
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
