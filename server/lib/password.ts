import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import * as zxcvbnFr from '@zxcvbn-ts/language-fr';

import { AppError } from './app-error.ts';
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
    scrypt(normalise(password), Buffer.from(salt, 'base64'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    }),
  );
  return timingSafeEqual(expected, actual);
}

let common: Set<string> | undefined;

/** True for passwords found in a list of ~50,000 passwords seen in breaches (case-insensitive, after NFKC). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(zxcvbnCommon.dictionary['passwords-common'].map((p: string) => p.toLowerCase()));
  return common.has(folded(password));
}

export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** Why a password is refused; the client words each one (common:errors.WEAK_PASSWORD_<reason>). */
export type PasswordWeakness = 'common' | 'repeated' | 'email' | 'name' | 'guessable';

/**
 * The lowest zxcvbn score accepted (0-4): 3 means about 10^8 guesses or more, "safely unguessable"
 * for an online attacker and a slow hash. `Passw0rd!` scores 0 (a common word with the usual
 * substitutions), four everyday words score 3 or 4.
 */
export const MIN_PASSWORD_SCORE = 3;
/** Words everyone would try first against this app's accounts. */
const APP_WORDS = ['god', 'discipleship', 'disciple', 'godmovement', 'watchmoms', 'jesus', 'christ', 'amen', 'bible'];

/**
 * Characters of a password the estimate reads: its time grows with the length (about 50 ms at 40
 * characters on the development machine, on the event loop), and the first 40 characters of a
 * password that is not guessable are not guessable either.
 */
const ESTIMATED_LENGTH = 40;

let estimator: ZxcvbnFactory | undefined;
/**
 * zxcvbn with breached passwords, dice words, and everyday English and French words and first names,
 * and keyboard layouts (built on first use, about half a second). The languages' other lists (last
 * names, Wikipedia, planets...) are left out: each list is another lookup of every substring.
 */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: {
      ...zxcvbnCommon.dictionary,
      'commonWords-en': zxcvbnEn.dictionary['commonWords-en'],
      'firstnames-en': zxcvbnEn.dictionary['firstnames-en'],
      'commonWords-fr': zxcvbnFr.dictionary['commonWords-fr'],
      'firstnames-fr': zxcvbnFr.dictionary['firstnames-fr'],
    },
  });
  return estimator;
}

/**
 * The one password policy (issue 24, item 7; docs/decisions/064), for every password a person
 * chooses: sign-up, founder setup, reset and change. Why `password` is too easy to guess, or null:
 * a breached password, one character repeated, the owner's email (or its name part) or their names
 * (3 letters or more) inside it, or a zxcvbn score below MIN_PASSWORD_SCORE, where the owner's email,
 * names and this app's words count as known words. Compared after NFKC and lower-casing.
 */
export function passwordWeakness(password: string, owner: PasswordOwner): PasswordWeakness | null {
  const p = folded(password);
  if (isCommonPassword(p)) return 'common';
  if (new Set(p).size <= 1) return 'repeated';
  const email = folded(owner.email);
  const local = email.split('@')[0] ?? '';
  if (p.includes(email) || (local.length >= 4 && p.includes(local))) return 'email';
  const names = [owner.firstName, owner.lastName].map((n) => folded(n ?? '').trim()).filter((n) => n.length >= 3);
  if (names.some((n) => p.includes(n) || p.replace(/\s+/g, '').includes(n.replace(/\s+/g, '')))) return 'name';
  const { score } = strengthEstimator().check(normalise(password).slice(0, ESTIMATED_LENGTH), [email, local, ...names, ...APP_WORDS]);
  if (score < MIN_PASSWORD_SCORE) return 'guessable';
  return null;
}

const WEAKNESS_MESSAGES: Record<PasswordWeakness, string> = {
  common: 'This password is too common and easy to guess. Please choose another one.',
  repeated: 'This password repeats one character. Please choose another one.',
  email: 'Your password must not contain your email address. Please choose another one.',
  name: 'Your password must not contain your name. Please choose another one.',
  guessable: 'This password would be too easy to guess. Try a few unrelated words, or a longer sentence.',
};

/** Throws WEAK_PASSWORD (400, with the reason for the client) when the policy refuses `password`. */
export function assertStrongPassword(password: string, owner: PasswordOwner): void {
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw new AppError('WEAK_PASSWORD', WEAKNESS_MESSAGES[weakness], { reason: weakness });
}
