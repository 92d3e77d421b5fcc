import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { appSecrets, userTotp } from '../db/schema/index.ts';
import { StartupError } from '../db/startup-checks.ts';

/** What a sealed value starts with; anything else in the column is a value written before sealing existed. */
const PREFIX = 'v1:';
const KEY_FILE = 'mfa-encryption.key';

/**
 * AES-256-GCM for small secrets kept in the database (two-step verification secrets): a database dump
 * or backup without the key shows none of them. Each value is bound to its owner (`context`, the
 * user id, as associated data), so a sealed value copied onto another row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain value; a value stored before sealing existed comes back as it is. Throws when tampered with or sealed with another key. */
  open(stored: string, context: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(stored, context) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** Where the key comes from, for messages: the variable, or the file it was read from. */
export interface SecretKey {
  key: Buffer;
  source: string;
}

/** Where `MFA_ENCRYPTION_KEY_FILE` points when unset: beside the data folder, not in it (docs/decisions/066). */
export const DEFAULT_KEY_FILE = './secrets/mfa-encryption.key';

/**
 * The key: `MFA_ENCRYPTION_KEY` (32 bytes in base64) when set. With `DATABASE_URL` it is required:
 * every instance must share it, and a key file made by each instance would not be (issue 28). With
 * the embedded database and no variable, `MFA_ENCRYPTION_KEY_FILE` (default ./secrets/mfa-encryption.key),
 * made on first start (readable by the owner only) outside DATA_DIR, so a copy of the data folder
 * carries no key; a key file an earlier version left in DATA_DIR is moved there.
 */
export function loadSecretKey(config: {
  MFA_ENCRYPTION_KEY?: string;
  MFA_ENCRYPTION_KEY_FILE?: string;
  DATABASE_URL?: string;
  DATA_DIR: string;
}): SecretKey {
  if (config.MFA_ENCRYPTION_KEY) return { key: Buffer.from(config.MFA_ENCRYPTION_KEY, 'base64'), source: 'MFA_ENCRYPTION_KEY' };
  if (config.DATABASE_URL)
    throw new StartupError(
      'MFA_ENCRYPTION_KEY is required when DATABASE_URL is set: every instance needs the same key to read two-step verification secrets. ' +
        'Make one with `openssl rand -base64 32` and give the same value to every instance ' +
        `(a deployment started before kept it in DATA_DIR/${KEY_FILE}: use that file's content so existing set-ups keep working).`,
    );
  const file = path.resolve(config.MFA_ENCRYPTION_KEY_FILE ?? DEFAULT_KEY_FILE);
  moveOldKeyFile(path.join(path.resolve(config.DATA_DIR), KEY_FILE), file);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: a process starting at the same moment reads a whole key or none.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('base64'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new StartupError(`${file} (MFA_ENCRYPTION_KEY_FILE) does not hold a 32-byte key in base64.`);
  return { key, source: `MFA_ENCRYPTION_KEY_FILE (${file})` };
}

/** Moves DATA_DIR/mfa-encryption.key (where versions before decision 066 kept it) to `file`, once. */
function moveOldKeyFile(oldFile: string, file: string) {
  if (oldFile === file || !fs.existsSync(oldFile)) return;
  const old = fs.readFileSync(oldFile, 'utf8');
  if (fs.existsSync(file)) {
    if (fs.readFileSync(file, 'utf8').trim() !== old.trim())
      throw new StartupError(
        `Two different two-step verification keys: ${oldFile} (left by an earlier version) and ${file} (MFA_ENCRYPTION_KEY_FILE). ` +
          'Keep the one this database was used with at MFA_ENCRYPTION_KEY_FILE and delete the other.',
      );
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, old, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  fs.rmSync(oldFile, { force: true });
  console.log(`Moved the two-step verification key from ${oldFile} to ${file}, out of the data folder (docs/decisions/066).`);
}

/** A value only the key makes: equal on two instances exactly when their keys are equal, and it tells nothing of the key. */
export function keyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update('god-discipleship mfa-encryption-key check v1').digest('base64url');
}

const CHECK_NAME = 'mfa-key-check';

/**
 * Compares the key with the one the database was first used with (its check value in app_secrets,
 * written by the first instance to start); a different key stops the start, since two-step codes
 * set up through one instance would not open on the other. Before any check value exists (a new
 * database, or one from before decision 066), the key must open the sealed secrets already there.
 */
export async function verifySecretKey(db: Db, { key, source }: SecretKey): Promise<void> {
  const value = keyCheckValue(key);
  const [recorded] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, CHECK_NAME));
  if (!recorded) {
    const sealed = await db
      .select({ userId: userTotp.userId, secret: userTotp.secret })
      .from(userTotp)
      .where(like(userTotp.secret, 'v1:%'))
      .limit(50);
    const box = secretBox(key);
    const opens = (row: { userId: string; secret: string }) => {
      try {
        box.open(row.secret, row.userId);
        return true;
      } catch {
        return false;
      }
    };
    if (sealed.length && !sealed.some(opens))
      throw keyMismatch(source, 'opens none of the two-step verification secrets already in the database');
    await db.insert(appSecrets).values({ name: CHECK_NAME, value }).onConflictDoNothing();
  }
  const [stored] = recorded
    ? [recorded]
    : await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, CHECK_NAME));
  if (stored?.value !== value) throw keyMismatch(source, 'is not the key this database was first used with');
}

const keyMismatch = (source: string, what: string) =>
  new StartupError(
    `The two-step verification key from ${source} ${what}: codes set up with the other key would stop working. ` +
      'Give every instance the same MFA_ENCRYPTION_KEY, the one the database was first used with (or put its key file back). ' +
      'If that key is lost, run `npm run users -- forget-mfa-key` (people with two-step verification then sign in with a recovery code and set it up again).',
  );

/** Forgets the recorded key (the operator lost it): the next start records its own. */
export async function forgetSecretKey(db: Db): Promise<boolean> {
  const rows = await db.delete(appSecrets).where(eq(appSecrets.name, CHECK_NAME)).returning({ name: appSecrets.name });
  return rows.length > 0;
}
