import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { defaultHashLimits, HashLimiter, type HashLimits } from './hash-limiter.ts';

/**
 * Every hash of this process goes through one limiter: libuv's thread pool and the memory are
 * the process's, whichever route (sign-in, sign-up, reset, password change) asks for the hash.
 */
export const hashLimiter = new HashLimiter(defaultHashLimits());
export const setHashLimits = (limits: HashLimits) => hashLimiter.configure(limits);

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

/** The form a password is compared and hashed in: NFKC, so "ｐａｓｓｗｏｒｄ" and "password" are one password. */
const normalise = (password: string) => password.normalize('NFKC');
const folded = (text: string) => normalise(text).toLowerCase();

export async function hashPassword(password: string, log2N = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2N;
  const key = await hashLimiter.run(() => scrypt(normalise(password), salt, KEY_LEN, { N, r: R, p: P, maxmem: 256 * N * R }));
  return `scrypt$${log2N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !salt || !key) return false;
  const N = 2 ** Number(log2N);
  const expected = Buffer.from(key, 'base64');
  const actual = await hashLimiter.run(() =>
    scrypt(normalise(password), Buffer.from(salt, 'base64'), expected.length, { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) }),
  );
  return timingSafeEqual(expected, actual);
}

let common: Set<string> | undefined;


/** True for passwords found in a list of ~50,000 passwords seen in breaches (case-insensitive, after NFKC). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p: string) => p.toLowerCase()));
  return common.has(folded(password));
}

export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Why a new password is too easy to guess, or null: a breached password, one character repeated,
 * or the owner's email, the name part of the email or their names (3 letters or more) inside it.
 * Everything is compared after NFKC and lower-casing.
 */
export function passwordWeakness(password: string, owner: PasswordOwner): string | null {
  const p = folded(password);
  if (isCommonPassword(p)) return 'This password is too common and easy to guess. Please choose another one.';
  if (new Set(p).size <= 1) return 'This password repeats one character. Please choose another one.';
  const email = folded(owner.email);
  const local = email.split('@')[0] ?? '';
  if (p.includes(email) || (local.length >= 4 && p.includes(local))) return 'Your password must not contain your email address. Please choose another one.';
  const names = [owner.firstName, owner.lastName].map((n) => folded(n ?? '').trim()).filter((n) => n.length >= 3);
  if (names.some((n) => p.includes(n) || p.replace(/\s+/g, '').includes(n.replace(/\s+/g, ''))))
    return 'Your password must not contain your name. Please choose another one.';
  return null;
}
