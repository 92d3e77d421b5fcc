import { contentLanguages, type ContentLanguage } from '#common/contracts/course.ts';
import { trackContent as trackContentContract, type TrackDayBody, type TrackState } from '#common/contracts/track.ts';
import { checkActivityDate } from '#common/domain/streak.ts';
import { trackDayRefusal, trackPace } from '#common/domain/track.ts';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TrackRow as Track, TrackRepository } from './track.repository.ts';

export interface TrackSnapshot {
  courseId: string;
  totalDays: number;
  /** Options of each day's check (the same in every language), to refuse an answer that names none. */
  optionCounts: number[];
  /** GET /api/track/content, per language, serialized once. */
  contentJson: Record<ContentLanguage, string>;
}

/** The track's texts, serialized once per language through the contract (as the course is, decision 020). */
export function trackSnapshot(track: Track): TrackSnapshot {
  const json = (lang: ContentLanguage) =>
    JSON.stringify(
      trackContentContract.parse({
        courseId: track.id,
        slug: track.slug,
        title: track.details[lang].title,
        description: track.details[lang].description,
        days: track.days.map(({ day, content }) => {
          const t = content[lang];
          return {
            day,
            title: t.title,
            passage: { ref: t.passage.ref, text: t.passage.text, translation: t.passage.translation },
            explanation: t.explanation,
            prayer: t.prayer,
            action: t.action,
            question: t.question,
            check: { question: t.check.question, options: t.check.options, answer: content.checkAnswer, feedback: t.check.feedback },
          };
        }),
      }),
    );
  return {
    courseId: track.id,
    totalDays: track.days.length,
    optionCounts: track.days.map((d) => d.content.en.check.options.length),
    contentJson: Object.fromEntries(contentLanguages.map((l) => [l, json(l)])) as Record<ContentLanguage, string>,
  };
}

/**
 * The 7-day new-believer track (docs/decisions/074): always the signed-in learner's own days. A day
 * is recorded once, in order, never on the same calendar day as the one before it.
 */
export function trackServiceFactory({
  db,
  trackRepo: repo,
  snapshot,
  now = () => new Date(),
}: {
  db: Db;
  trackRepo: TrackRepository;
  snapshot: TrackSnapshot | null;
  now?: () => Date;
}) {
  function requireTrack(): TrackSnapshot {
    if (!snapshot) throw new AppError('NOT_FOUND', 'There is no track.');
    return snapshot;
  }

  async function state(userId: string, today?: string): Promise<TrackState> {
    const track = requireTrack();
    if (today !== undefined && checkActivityDate(today, now(), now()) === 'future')
      throw new AppError('VALIDATION_FAILED', `today: ${today} has not begun anywhere yet`);
    const [days, isSkipped] = await Promise.all([repo.listDays(userId, track.courseId), repo.isSkipped(userId, track.courseId)]);
    return {
      courseId: track.courseId,
      totalDays: track.totalDays,
      days,
      isSkipped,
      pace: today === undefined ? null : trackPace(days, track.totalDays, today),
    };
  }

  return {
    contentJson: (lang: ContentLanguage) => requireTrack().contentJson[lang],
    state,

    /**
     * Records `day` as done on `body.date`, the learner's calendar day: today, or a day done offline
     * and sent within the 48-hour catch-up (the server does not know the learner's time zone, so it
     * allows every zone, as the challenge does). Sending a day already done changes nothing.
     */
    async complete(userId: string, day: number, body: TrackDayBody): Promise<TrackState> {
      const track = requireTrack();
      if (day > track.totalDays) throw new AppError('NOT_FOUND', `This track has days 1 to ${track.totalDays}.`);
      const at = now();
      const dateCheck = checkActivityDate(body.date, at, at);
      if (dateCheck === 'future') throw new AppError('VALIDATION_FAILED', `date: ${body.date} has not begun anywhere yet`);
      if (dateCheck === 'too-late') throw new AppError('VALIDATION_FAILED', 'date: a day done offline can only be sent within 48 hours');
      const options = track.optionCounts[day - 1]!;
      if (body.answer >= options) throw new AppError('VALIDATION_FAILED', `answer: the check has options 0 to ${options - 1}`);
      await db.transaction(async (tx) => {
        await repo.lockLearner(userId, tx);
        const done = await repo.listDays(userId, track.courseId, tx);
        const refusal = trackDayRefusal(done, track.totalDays, day, body.date);
        if (refusal === 'done') return;
        if (refusal === 'out-of-order') throw new AppError('TRACK_DAY_LOCKED', `Day ${day} opens after day ${day - 1}.`);
        if (refusal === 'too-early') throw new AppError('TRACK_DAY_LOCKED', `Day ${day} opens tomorrow: one day at a time.`);
        await repo.insertDay({ userId, courseId: track.courseId, day, doneOn: body.date, answer: body.answer }, tx);
      });
      return state(userId, body.date);
    },

    async skip(userId: string, isSkipped: boolean): Promise<TrackState> {
      await repo.setSkipped(userId, requireTrack().courseId, isSkipped);
      return state(userId);
    },
  };
}

export type TrackService = ReturnType<typeof trackServiceFactory>;
