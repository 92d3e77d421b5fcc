import { queryClient } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import type { CurrentUser } from '#common/contracts/auth.ts';
import type { ChallengeState } from '#common/contracts/challenge.ts';
import { localDateOf } from '#common/domain/streak.ts';

/**
 * The learner's challenge ticks and sections read, kept in this browser (per account, so that two
 * people sharing a browser never mix theirs) and synced with the server (sync-learning.ts). Every
 * mark carries when it was made; `isDirty` marks wait to be sent (docs/decisions/043).
 */
export interface Mark {
  isOn: boolean;
  /** The learner's calendar day the mark counts for. */
  date: string;
  /** When it was made (ISO), for last-write-wins. */
  changedAt: string;
  isDirty?: boolean;
}

export interface LearningData {
  /** `${courseId}:${day}` (day 1-21). */
  days: Record<string, Mark>;
  /** `${lessonId}:${section}` (section 0-based). */
  sections: Record<string, Mark>;
}

const listeners = new Set<() => void>();
// Where data goes when storage is unavailable (some private modes): it then lasts until the page closes.
const memory = new Map<string, string>();
const LEGACY_DAYS = 'course:challenge-days:';
const LEGACY_SECTIONS = 'course:read-sections:';

export const dayKey = (courseId: string, day: number) => `${courseId}:${day}`;
export const sectionKey = (lessonId: string, section: number) => `${lessonId}:${section}`;
export const localToday = () => localDateOf(new Date());

/** The signed-in account (signed-in screens only render once it is known). */
export function currentUserId(): string | undefined {
  return queryClient.getQueryData<CurrentUser | null>(sharedKeys.currentUser)?.id;
}

/**
 * Whether this account waits for a parent's consent: the server keeps nothing of the course until
 * then (decision 062), so ticks, sections read and quiz answers stay in this browser and are not sent.
 */
export function isWaitingForParent(): boolean {
  return queryClient.getQueryData<CurrentUser | null>(sharedKeys.currentUser)?.consentStatus === 'pending_parent';
}

// Without a known account (never on a signed-in screen) the marks stay in this browser only.
const storageKey = (userId: string | undefined) => `learning:v1:${userId ?? 'local'}`;

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeRaw(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}

const empty = (): LearningData => ({ days: {}, sections: {} });
/**
 * On the server (a screen rendered per request, docs/decisions/084): no marks; the browser's show
 * once the app runs. A browser with no marks reads this same object, so hydrating its screen does
 * not render it all again for a change that is none.
 */
const noLearning: LearningData = Object.freeze({ days: Object.freeze({}), sections: Object.freeze({}) });
export const readLearningOnServer = () => noLearning;
const orNoLearning = (data: LearningData) =>
  Object.keys(data.days).length === 0 && Object.keys(data.sections).length === 0 ? noLearning : data;

function parse(raw: string | null): LearningData {
  if (!raw) return noLearning;
  try {
    const v = JSON.parse(raw) as Partial<LearningData>;
    return orNoLearning({ days: v.days ?? {}, sections: v.sections ?? {} });
  } catch {
    return noLearning;
  }
}

/**
 * Ticks and sections from before the server kept them (one list per course or lesson, not per
 * account) become this account's marks, made now, the first time it opens the course here.
 */
function importLegacy(): LearningData {
  const data = empty();
  const now = new Date().toISOString();
  const date = localToday();
  let keys: string[];
  try {
    keys = Object.keys(localStorage).filter((k) => k.startsWith(LEGACY_DAYS) || k.startsWith(LEGACY_SECTIONS));
  } catch {
    return data;
  }
  for (const key of keys) {
    let indexes: unknown;
    try {
      indexes = JSON.parse(localStorage.getItem(key) ?? '[]');
    } catch {
      indexes = [];
    }
    const list = Array.isArray(indexes) ? indexes.filter((n): n is number => Number.isInteger(n) && n >= 0) : [];
    for (const i of list) {
      const mark = { isOn: true, date, changedAt: now, isDirty: true };
      if (key.startsWith(LEGACY_DAYS)) {
        if (i < 21) data.days[dayKey(key.slice(LEGACY_DAYS.length), i + 1)] = mark;
      } else data.sections[sectionKey(key.slice(LEGACY_SECTIONS.length), i)] = mark;
    }
    localStorage.removeItem(key);
  }
  return data;
}

/** The text last read, so that useSyncExternalStore sees the same snapshot until something changes. */
let cache: { key: string; raw: string | null; data: LearningData } | undefined;

export function readLearning(userId = currentUserId()): LearningData {
  const key = storageKey(userId);
  let raw = readRaw(key);
  if (raw === null) {
    const imported = importLegacy();
    raw = JSON.stringify(imported);
    writeRaw(key, raw);
  }
  if (cache?.key !== key || cache.raw !== raw) cache = { key, raw, data: parse(raw) };
  return cache.data;
}

export function writeLearning(data: LearningData, userId = currentUserId()) {
  writeRaw(storageKey(userId), JSON.stringify(data));
  listeners.forEach((l) => l());
}

/** Sets one mark, made now and waiting to be sent; `date` is the day it counts for (today unless catching up). */
export function setMark(kind: keyof LearningData, key: string, isOn: boolean, date = localToday()) {
  const data = readLearning();
  const previous = data[kind][key];
  // A tick kept ticked keeps the day it first counted for.
  const counted = isOn && previous?.isOn ? previous.date : date;
  writeLearning({ ...data, [kind]: { ...data[kind], [key]: { isOn, date: counted, changedAt: new Date().toISOString(), isDirty: true } } });
}

export function subscribeLearning(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the same data updates this one too.
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Sections of a lesson marked read here. */
export const readSectionIndexes = (data: LearningData, lessonId: string): number[] =>
  Object.entries(data.sections)
    .filter(([k, m]) => m.isOn && k.startsWith(`${lessonId}:`))
    .map(([k]) => Number(k.slice(lessonId.length + 1)));

/** Days (1-21) of a course's challenge ticked here. */
export const doneDays = (data: LearningData, courseId: string): number[] =>
  Object.entries(data.days)
    .filter(([k, m]) => m.isOn && k.startsWith(`${courseId}:`))
    .map(([k]) => Number(k.slice(courseId.length + 1)));

/** Days with a tick or a section read: the streak's days. */
export function activeDates(data: LearningData, courseId: string): string[] {
  const dates = new Set<string>();
  for (const [k, m] of Object.entries(data.days)) if (m.isOn && k.startsWith(`${courseId}:`)) dates.add(m.date);
  for (const m of Object.values(data.sections)) if (m.isOn) dates.add(m.date);
  return [...dates].sort();
}

/** The marks `sent` are stored on the server now: they stop waiting unless they changed again meanwhile. */
export function markSent(sent: Pick<LearningData, 'days' | 'sections'>) {
  const data = readLearning();
  const next: LearningData = { days: { ...data.days }, sections: { ...data.sections } };
  for (const kind of ['days', 'sections'] as const)
    for (const [k, m] of Object.entries(sent[kind])) {
      const now = next[kind][k];
      if (now && now.changedAt === m.changedAt) next[kind][k] = { ...now, isDirty: false };
    }
  writeLearning(next);
}

/** Drops marks the server refused (they could never be stored, and would block every later sync). */
export function dropMarks(kind: keyof LearningData, keys: string[]) {
  const data = readLearning();
  const next = { ...data[kind] };
  for (const k of keys) delete next[k];
  writeLearning({ ...data, [kind]: next });
}

/** Takes what the server holds wherever this browser has nothing newer waiting to be sent. */
export function mergeServerState(state: ChallengeState) {
  const data = readLearning();
  const next: LearningData = { days: { ...data.days }, sections: { ...data.sections } };
  const take = (kind: keyof LearningData, key: string, mark: Mark) => {
    const local = next[kind][key];
    if (local?.isDirty && local.changedAt >= mark.changedAt) return;
    next[kind][key] = mark;
  };
  for (const d of state.days) take('days', dayKey(state.courseId, d.day), { isOn: d.isDone, date: d.date, changedAt: d.changedAt });
  for (const s of state.sections)
    take('sections', sectionKey(s.lessonId, s.section), { isOn: s.isRead, date: s.date, changedAt: s.changedAt });
  writeLearning(next);
}
