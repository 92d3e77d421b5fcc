import i18next from 'i18next';

import { toast } from '#client/components/ui/toast.tsx';
import { ApiRequestError, call } from '#client/lib/api.ts';
import { isOffline } from '#client/lib/connectivity.ts';
import { describeError } from '#client/lib/errors.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { courseApi, type Assessment, type SubmitResult } from '#common/contracts/course.ts';

import { courseKeys } from '../api/keys.ts';
import { currentUserId, isWaitingForParent } from './learning-store.ts';
import { storedList } from './stored-list.ts';

/**
 * Quiz answers submitted without a connection, kept in this browser (per account) and sent when it
 * comes back, each with its Idempotency-Key: however often a send is retried (a lost answer, two
 * tabs), the server stores the attempt once (docs/decisions/044). The same outbox keeps the answers
 * of a young person whose parent has not agreed yet: they are sent once the parent agrees (062).
 */
export interface QueuedQuiz {
  key: string;
  assessmentId: string;
  /** The draw answered (docs/decisions/073): it was fetched with the lesson, so a quiz can be taken offline. Missing in answers kept before draws. */
  drawId?: string;
  /** The questions as shown, for the review once the result comes back. */
  assessment?: Assessment;
  courseId: string;
  answers: number[];
  /** Set once the server answered. */
  result?: SubmitResult;
}

const outbox = storedList<QueuedQuiz>('quiz-outbox');
export const readOutbox = outbox.read;
export const subscribeOutbox = outbox.subscribe;
const writeOutbox = outbox.write;

export function queueQuiz(entry: Omit<QueuedQuiz, 'result'>) {
  if (entry.drawId) rememberAnswered(entry.drawId);
  writeOutbox([...readOutbox().filter((q) => q.key !== entry.key), entry]);
}

const answeredKey = () => `learning:answered-draws:v1:${currentUserId() ?? 'local'}`;

/**
 * Draws this browser has answered (the newest 20): a copy of the quiz kept for offline use may be
 * a draw already sent, and a new try needs a new draw from the server.
 */
export function rememberAnswered(drawId: string) {
  try {
    const list = (JSON.parse(localStorage.getItem(answeredKey()) ?? '[]') as string[]).filter((d) => d !== drawId);
    localStorage.setItem(answeredKey(), JSON.stringify([...list, drawId].slice(-20)));
  } catch {
    // storage unavailable: the server still refuses a draw answered twice
  }
}

export function isAnswered(drawId: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(answeredKey()) ?? '[]') as string[]).includes(drawId);
  } catch {
    return false;
  }
}

/** Removes an entry whose result was shown. */
export function removeQueued(key: string) {
  writeOutbox(readOutbox().filter((q) => q.key !== key));
}

/** A random UUID (v4), also where crypto.randomUUID is missing (plain http on a local network). */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends the answers to a draw with their key. */
export const sendQuiz = (assessmentId: string, drawId: string, answers: number[], key: string) =>
  call(courseApi.submit, { params: { assessmentId }, body: { drawId, answers }, headers: { 'Idempotency-Key': key } });

/** fetch fails with a TypeError when offline or the server is unreachable; an answer from the server is an ApiRequestError. */
export const isNetworkFailure = (err: unknown) => err instanceof TypeError && !(err instanceof ApiRequestError);

/** A refusal that passes by itself (429, 5xx such as DATABASE_UNAVAILABLE or SERVER_BUSY): the answers are sent again later. */
const isPassingFailure = (err: unknown) => err instanceof ApiRequestError && (err.status === 429 || err.status >= 500);

/** The server keeps no attempt while a parent has not agreed: the answers wait here. */
export const isWaitingForParentRefusal = (err: unknown) => err instanceof ApiRequestError && err.body.code === 'PARENT_CONSENT_PENDING';

/** Assessments open on screen: their page shows the result itself; others get a toast. */
export const shownAssessments = new Set<string>();

/** What a submit changes on screen: attempts, the next draw, unlocked lessons, progress. */
export async function refreshAfterSubmit(courseId: string, result: SubmitResult) {
  void queryClient.invalidateQueries({ queryKey: courseKeys.allAttempts() });
  // The draw answered is done with: the next try gets a new one (or the pause).
  void queryClient.invalidateQueries({ queryKey: courseKeys.allAssessments() });
  if (result.passed) {
    queryClient.removeQueries({ queryKey: courseKeys.lessons(), type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: courseKeys.lessons() });
  }
  await queryClient.invalidateQueries({ queryKey: courseKeys.progress(courseId), refetchType: 'all' });
}

let flushing: Promise<void> | null = null;

/** Sends every queued quiz once the device is online and a parent, where one must, has agreed; one flush at a time. */
export function flushQuizOutbox(): Promise<void> {
  if (flushing || isOffline() || !currentUserId() || isWaitingForParent()) return flushing ?? Promise.resolve();
  flushing = (async () => {
    for (const q of readOutbox().filter((x) => !x.result)) {
      try {
        // Kept before draws (no drawId): the server refuses it and it is dropped below.
        const result = await sendQuiz(q.assessmentId, q.drawId ?? '', q.answers, q.key);
        await refreshAfterSubmit(q.courseId, result);
        if (shownAssessments.has(q.assessmentId)) writeOutbox(readOutbox().map((x) => (x.key === q.key ? { ...x, result } : x)));
        else {
          removeQueued(q.key);
          toast({
            title: i18next.t('course:offlineQuiz.sentTitle'),
            description: i18next.t('course:offlineQuiz.sentText', { score: result.score }),
          });
        }
      } catch (err) {
        // Offline again, the server busy or briefly down, or the parent's agreement not seen by the server yet: the answers keep waiting.
        if (isNetworkFailure(err) || isPassingFailure(err) || isWaitingForParentRefusal(err)) break;
        // Refused for good (the key reused, the week gone): keeping it would retry forever, so it is dropped, and the learner is told why.
        removeQueued(q.key);
        const t = i18next.t.bind(i18next);
        toast({
          variant: 'destructive',
          title: t('course:offlineQuiz.refusedTitle'),
          description: t('course:offlineQuiz.refusedText', { reason: describeError(t, err) }),
        });
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
