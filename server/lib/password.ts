import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1. */
export const DEFAULT_SCRYPT_COST = 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export async function hashPassword(password: string, log2N = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2N;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N, r: R, p: P, maxmem: 256 * N * R });
  return `scrypt$${log2N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !salt || !key) return false;
  const N = 2 ** Number(log2N);
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r),
  });
  return timingSafeEqual(expected, actual);
}

let common: Set<string> | undefined;

/** True for passwords found in a list of ~50,000 passwords seen in breaches (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p: string) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
