import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { createUser } from '#test/app.ts';
import { compiled } from '#test/compiled.ts';
import { cloneTemplateDatabase } from '#test/postgres.ts';

import { createDb } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';

// The real command, in a child process, against this file's own database.
const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
const { db, pool } = createDb(database.url, 2);
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const runWith = async (env: Record<string, string | undefined>, ...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [await compiled('server/cli/users.ts'), ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};
const runCli = (...args: string[]) => runWith({ DATABASE_URL: database.url }, ...args);
const roleOf = async (id: string) => (await db.select({ r: users.role }).from(users).where(eq(users.id, id)))[0]!.r;

describe('npm run users', () => {
  it('grants a role by email, whatever its case, and audits it as a command-line action', async () => {
    const u = await createUser(db, { email: 'deborah@example.org', firstName: 'Deborah', lastName: 'Judge' });
    const res = await runCli('grant', 'DEBORAH@example.org', 'founder');
    expect(res).toMatchObject({ code: 0, stdout: 'deborah@example.org is now founder (was user).\n' });
    expect(await roleOf(u.id)).toBe('founder');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, u.id));
    expect(entry).toMatchObject({
      actorId: null,
      action: 'user.role_changed',
      details: { from: 'user', to: 'founder', via: 'command line' },
    });

    const list = await runCli('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('founder      deborah@example.org  (Deborah Judge)');
  });

  it('refuses to remove the last founder, unknown emails and unknown roles', async () => {
    const founder = (await db.select().from(users).where(eq(users.role, 'founder')))[0]!;
    const last = await runCli('grant', founder.email, 'admin');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('This is the last founder');
    expect(await roleOf(founder.id)).toBe('founder');

    const unknown = await runCli('grant', 'nobody@example.org', 'admin');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.org');

    const badRole = await runCli('grant', founder.email, 'emperor');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('Unknown role "emperor"');
    expect((await runCli()).code).toBe(2);
  });

  it('prints its usage for --help, and refuses an option it does not know without touching the database', async () => {
    const help = await runWith({ DATABASE_URL: 'postgres://nobody:wrong@127.0.0.1:1/none' }, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run users -- grant <email> <role>');
    const unknown = await runWith({ DATABASE_URL: 'postgres://nobody:wrong@127.0.0.1:1/none' }, 'list', '--all');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--all'");
    expect(unknown.stderr).toContain('Usage:');
  });

  it('without DATABASE_URL, explains when the embedded database does not exist yet', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-cli-'));
    const res = await runWith({ DATABASE_URL: '', DATA_DIR: dataDir }, 'list');
    rmSync(dataDir, { recursive: true, force: true });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No database in');
    expect(res.stderr).toContain('Start the app once (npm start)');
  });
});
