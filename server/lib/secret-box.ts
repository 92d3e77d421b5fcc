import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

/**
 * The key: `MFA_ENCRYPTION_KEY` (32 bytes in base64) when set, which every instance of a deployment
 * must share; otherwise `DATA_DIR/mfa-encryption.key`, made on first start (readable by the owner
 * only) and kept apart from the database's own files and dumps.
 */
export function loadSecretKey({ MFA_ENCRYPTION_KEY, DATA_DIR }: { MFA_ENCRYPTION_KEY?: string; DATA_DIR: string }): Buffer {
  if (MFA_ENCRYPTION_KEY) return Buffer.from(MFA_ENCRYPTION_KEY, 'base64');
  const file = path.join(DATA_DIR, KEY_FILE);
  fs.mkdirSync(DATA_DIR, { recursive: true });
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
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64.`);
  return key;
}
