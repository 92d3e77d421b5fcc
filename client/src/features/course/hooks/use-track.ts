import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { ApiRequestError } from '#client/lib/api.ts';
import { onReconnect } from '#client/lib/connectivity.ts';
import { queryClient } from '#client/lib/query-client.ts';
import type { TrackState } from '#common/contracts/track.ts';
import { trackPace } from '#common/domain/track.ts';

import { completeTrackDay } from '../api/complete-track-day.ts';
import { useTrackContent } from '../api/get-track-content.ts';
import { trackQuery } from '../api/get-track.ts';
import { courseKeys } from '../api/keys.ts';
import { isWaitingForParent, localToday } from '../utils/learning-store.ts';
import { storedList } from '../utils/stored-list.ts';

/**
 * Days of the 7-day track done without a connection (or while a parent has not agreed yet, decision
 * 062), kept in this browser per account and sent when possible; the server stores each day once.
 */
interface PendingDay {
  day: number;
  /** The learner's calendar day it was done on. */
  date: string;
  answer: number;
}

const pendingDays = storedList<PendingDay>('track-outbox');
const readPending = pendingDays.read;
const writePending = pendingDays.write;

/** Kept for later: no connection, or an account whose parent has not agreed yet. */
const isKeptForLater = (err: unknown) =>
  !(err instanceof ApiRequestError) || err.body.code === 'PARENT_CONSENT_PENDING' || err.status >= 500;

let flushing: Promise<void> | undefined;

/** Sends the days waiting in this browser, oldest first; stops at the first that cannot be sent yet. */
export function flushTrackOutbox(): Promise<void> {
  if (isWaitingForParent() || readPending().length === 0) return Promise.resolve();
  flushing ??= (async () => {
    try {
      for (const p of [...readPending()].sort((a, b) => a.day - b.day)) {
        try {
          queryClient.setQueryData(courseKeys.track(), await completeTrackDay(p.day, { date: p.date, answer: p.answer }));
        } catch (err) {
          if (isKeptForLater(err)) return;
          // Refused for good (sent more than 48 hours late, say): the server's days are the truth.
          void queryClient.invalidateQueries({ queryKey: courseKeys.track() });
        }
        writePending(readPending().filter((x) => x.day !== p.day));
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}

/**
 * The track: its texts, the learner's days (the server's and those waiting here) and the pace on the
 * learner's own calendar day, computed here with the server's rule so it works offline.
 */
export function useTrack() {
  const state = useQuery(trackQuery);
  const content = useTrackContent();
  const pending = useSyncExternalStore(pendingDays.subscribe, readPending, pendingDays.readOnServer);
  useEffect(() => {
    void flushTrackOutbox();
    return onReconnect(() => void flushTrackOutbox());
  }, []);
  const today = localToday();
  const days = new Map<number, { doneOn: string; answer: number; isWaiting: boolean }>();
  for (const d of state.data?.days ?? []) days.set(d.day, { doneOn: d.doneOn, answer: d.answer, isWaiting: false });
  for (const p of pending) if (!days.has(p.day)) days.set(p.day, { doneOn: p.date, answer: p.answer, isWaiting: true });
  const pace = state.data
    ? trackPace(
        [...days].map(([day, d]) => ({ day, doneOn: d.doneOn })),
        state.data.totalDays,
        today,
      )
    : undefined;
  return { state, content, days, pace, today };
}

/** Marks a day done today; without a connection (or a parent's consent yet) it waits in this browser. */
export function useCompleteTrackDay() {
  return useMutation({
    mutationFn: async ({ day, answer }: { day: number; answer: number }): Promise<{ isWaiting: boolean; state?: TrackState }> => {
      const date = localToday();
      const keep = () => {
        writePending([...readPending().filter((p) => p.day !== day), { day, date, answer }]);
        return { isWaiting: true };
      };
      if (isWaitingForParent()) return keep();
      try {
        return { isWaiting: false, state: await completeTrackDay(day, { date, answer }) };
      } catch (err) {
        if (isKeptForLater(err)) return keep();
        throw err;
      }
    },
    onSuccess: ({ state }) => {
      if (state) queryClient.setQueryData(courseKeys.track(), state);
    },
  });
}
