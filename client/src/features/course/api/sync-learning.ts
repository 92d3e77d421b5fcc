import { ApiRequestError, call } from '#client/lib/api.ts';
import { isOffline } from '#client/lib/connectivity.ts';
import { challengeApi, type ChallengeState, type ChallengeSyncBody } from '#common/contracts/challenge.ts';

import {
  currentUserId,
  dropMarks,
  isWaitingForParent,
  localToday,
  markSent,
  mergeServerState,
  readLearning,
  type LearningData,
  type Mark,
} from '../utils/learning-store.ts';
import { isWaitingForParentRefusal } from '../utils/quiz-outbox.ts';

/**
 * Sends this browser's waiting marks for a course and takes the server's merged state back
 * (docs/decisions/043). Offline, marks keep waiting; the next sync (back online, next change,
 * next screen) sends them. One sync runs at a time; a sync asked for meanwhile runs after it.
 */
let running: Promise<void> | null = null;
let queued: string | null = null;

export function syncLearning(courseId: string): Promise<void> {
  if (running) {
    queued = courseId;
    return running;
  }
  running = runSync(courseId).finally(() => {
    running = null;
    if (queued) {
      const next = queued;
      queued = null;
      void syncLearning(next);
    }
  });
  return running;
}

const isNetworkError = (err: unknown) => !(err instanceof ApiRequestError);

function waiting(data: LearningData, courseId: string) {
  const days = Object.entries(data.days).filter(([k, m]) => m.isDirty && k.startsWith(`${courseId}:`));
  const sections = Object.entries(data.sections).filter(([, m]) => m.isDirty);
  return { days, sections };
}

const toBody = (courseId: string, days: [string, Mark][], sections: [string, Mark][]): ChallengeSyncBody => ({
  courseId,
  today: localToday(),
  days: days.map(([k, m]) => ({ day: Number(k.slice(courseId.length + 1)), isDone: m.isOn, date: m.date, changedAt: m.changedAt })),
  sections: sections.map(([k, m]) => {
    const at = k.lastIndexOf(':');
    return { lessonId: k.slice(0, at), section: Number(k.slice(at + 1)), isRead: m.isOn, date: m.date, changedAt: m.changedAt };
  }),
});

/** The server's state of a course; the query in the order the first screen's early read asks it (public/boot.js). */
const readState = (courseId: string) => call(challengeApi.challenge, { query: { courseId, today: localToday() } });

async function runSync(courseId: string) {
  // While a parent has not agreed the server keeps nothing of the course (decision 062): the marks
  // stay in this browser, waiting, and go with the first sync after the parent agrees.
  if (isOffline() || !currentUserId() || isWaitingForParent()) return;
  const { days, sections } = waiting(readLearning(), courseId);
  try {
    let state: ChallengeState;
    if (days.length + sections.length === 0) {
      state = await readState(courseId);
    } else {
      try {
        state = await call(challengeApi.sync, { body: toBody(courseId, days, sections) });
      } catch (err) {
        if (!(err instanceof ApiRequestError) || err.status !== 400) throw err;
        // One refused mark must not hold the others back: send them one by one, drop the refused.
        state = await sendOneByOne(courseId, days, sections);
      }
      markSent({ days: Object.fromEntries(days), sections: Object.fromEntries(sections) });
    }
    mergeServerState(state);
  } catch (err) {
    // Offline or the server unreachable: the marks wait for the next sync. Anything else is a real
    // failure, but the learner's marks are safe here either way, so no toast interrupts reading.
    // A parent who has not agreed yet (seen by the server before this browser): the marks wait too.
    if (!isNetworkError(err) && !isWaitingForParentRefusal(err)) console.warn('Challenge sync failed', err);
  }
}

async function sendOneByOne(courseId: string, days: [string, Mark][], sections: [string, Mark][]): Promise<ChallengeState> {
  let state: ChallengeState | undefined;
  const refused = { days: [] as string[], sections: [] as string[] };
  const each = [...days.map((d) => ['days', d] as const), ...sections.map((s) => ['sections', s] as const)];
  for (const [kind, entry] of each) {
    try {
      state = await call(challengeApi.sync, { body: toBody(courseId, kind === 'days' ? [entry] : [], kind === 'sections' ? [entry] : []) });
    } catch (err) {
      if (!(err instanceof ApiRequestError) || err.status !== 400) throw err;
      refused[kind].push(entry[0]);
    }
  }
  dropMarks('days', refused.days);
  dropMarks('sections', refused.sections);
  return state ?? readState(courseId);
}
