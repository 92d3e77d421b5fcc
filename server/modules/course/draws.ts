import { createHash, randomInt } from 'node:crypto';

import type { DrawnQuestion } from '../../db/schema/index.ts';

/** Questions per attempt, drawn from the week's bank (docs/decisions/073). */
export const QUESTIONS_PER_DRAW = 10;

export type { DrawnQuestion };

/** A uniformly shuffled copy (Fisher-Yates with the crypto generator: a learner cannot predict the next draw). */
export function shuffled<T>(items: readonly T[], rand: (n: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Draws `QUESTIONS_PER_DRAW` questions of a bank (or all of a smaller one) in a random order, each
 * with its options shuffled. Questions of the learner's last draw come last in line: with a bank
 * of 20 or more, the next attempt asks none of the questions just asked; a smaller bank asks the
 * others first. Options are shuffled until their order differs from the last draw of the same question
 * (when it was in it), so even a repeated question shows its options in a new order.
 */
export function drawQuestions(
  optionCounts: number[],
  previous: DrawnQuestion[] = [],
  rand: (n: number) => number = randomInt,
): DrawnQuestion[] {
  const before = new Map(previous.map((p) => [p.q, p.o]));
  const all = optionCounts.map((_, q) => q);
  const fresh = shuffled(
    all.filter((q) => !before.has(q)),
    rand,
  );
  const again = shuffled(
    all.filter((q) => before.has(q)),
    rand,
  );
  const chosen = shuffled([...fresh, ...again].slice(0, QUESTIONS_PER_DRAW), rand);
  return chosen.map((q) => {
    const identity = Array.from({ length: optionCounts[q]! }, (_, i) => i);
    const last = before.get(q);
    let o = shuffled(identity, rand);
    for (let tries = 0; last && tries < 20 && o.every((x, i) => x === last[i]); tries++) o = shuffled(identity, rand);
    return { q, o };
  });
}

/** Per shown position, the shown option that is right (the key mapped through the draw). */
export const shownKey = (draw: DrawnQuestion[], answerKey: number[]): number[] => draw.map((d) => d.o.indexOf(answerKey[d.q]!));

/** Whether a draw still fits the bank (after a content change it may name questions or options that are gone). */
export const fitsBank = (draw: DrawnQuestion[], optionCounts: number[]) =>
  draw.length === Math.min(QUESTIONS_PER_DRAW, optionCounts.length) &&
  draw.every((d) => d.q < optionCounts.length && d.o.length === optionCounts[d.q]);

/** The rhythm of attempts (docs/decisions/073). */
export const RHYTHM = {
  /** Failed attempts at a week within `failWindowMs` after which the next one waits `pauseMs`. */
  failsBeforePause: 3,
  failWindowMs: 24 * 3_600_000,
  /** The pause, counted from the latest failed attempt. */
  pauseMs: 3_600_000,
  /** Attempts kept per learner and week (the first and the best passed ones are always kept). */
  attemptsKept: 50,
  /** Submits per learner and minute, all weeks together (an offline outbox sends a few at once). */
  submitsPerMinute: 10,
} as const;

/** When the next attempt opens, or null when it is open now. */
export function pausedUntil(fails: number, lastFailAt: Date | null, now = new Date()): Date | null {
  if (fails < RHYTHM.failsBeforePause || !lastFailAt) return null;
  const opens = new Date(lastFailAt.getTime() + RHYTHM.pauseMs);
  return opens > now ? opens : null;
}

/**
 * The draw of an account whose parent has not agreed yet (decision 062: nothing is stored for it):
 * made from the account, the assessment and the bank, so it needs no row, and is the same every
 * time. Its answers wait on the device and are sent once the parent agrees; the submit recognises
 * its id, and the attempt's unique draw id lets it be answered once.
 */
export function unstoredDraw(
  userId: string,
  assessmentId: string,
  bankHash: string,
  optionCounts: number[],
): { id: string; questions: DrawnQuestion[] } {
  const seed = `${userId}:${assessmentId}:${bankHash}`;
  let block = 0;
  let pool = Buffer.alloc(0);
  const rand = (n: number) => {
    if (pool.length < 4) pool = Buffer.concat([pool, createHash('sha256').update(`${seed}:${block++}`).digest()]);
    const x = pool.readUInt32BE(0);
    pool = pool.subarray(4);
    return x % n;
  };
  const h = createHash('sha256').update(`draw-id:${seed}`).digest('hex');
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return { id, questions: drawQuestions(optionCounts, [], rand) };
}
