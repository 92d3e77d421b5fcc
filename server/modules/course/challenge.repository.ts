import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.ts';
import { challengeDays, sectionReads } from '../../db/schema/index.ts';

export interface DayRow {
  day: number;
  isDone: boolean;
  activeOn: string;
  changedAt: Date;
}

export interface SectionRow {
  lessonId: string;
  section: number;
  isRead: boolean;
  activeOn: string;
  changedAt: Date;
}

export const challengeRepositoryFactory = (db: Db) => ({
  /**
   * Last write wins per day: a mark replaces the stored one only when it is newer, or as new and a
   * tick (a tie never loses a tick). A tick kept ticked keeps the day it first counted for, so
   * marking it again later does not move it in the streak. Replaying the same marks changes nothing.
   */
  async mergeDays(userId: string, courseId: string, rows: DayRow[], tx: Tx = db) {
    if (rows.length === 0) return;
    await tx
      .insert(challengeDays)
      .values(rows.map((r) => ({ userId, courseId, ...r })))
      .onConflictDoUpdate({
        target: [challengeDays.userId, challengeDays.courseId, challengeDays.day],
        set: {
          isDone: sql`excluded.is_done`,
          activeOn: sql`case when ${challengeDays.isDone} and excluded.is_done then ${challengeDays.activeOn} else excluded.active_on end`,
          changedAt: sql`excluded.changed_at`,
        },
        setWhere: sql`excluded.changed_at > ${challengeDays.changedAt} or (excluded.changed_at = ${challengeDays.changedAt} and excluded.is_done and not ${challengeDays.isDone})`,
      });
  },

  async mergeSections(userId: string, rows: SectionRow[], tx: Tx = db) {
    if (rows.length === 0) return;
    await tx
      .insert(sectionReads)
      .values(rows.map((r) => ({ userId, ...r })))
      .onConflictDoUpdate({
        target: [sectionReads.userId, sectionReads.lessonId, sectionReads.section],
        set: {
          isRead: sql`excluded.is_read`,
          activeOn: sql`case when ${sectionReads.isRead} and excluded.is_read then ${sectionReads.activeOn} else excluded.active_on end`,
          changedAt: sql`excluded.changed_at`,
        },
        setWhere: sql`excluded.changed_at > ${sectionReads.changedAt} or (excluded.changed_at = ${sectionReads.changedAt} and excluded.is_read and not ${sectionReads.isRead})`,
      });
  },

  async listDays(userId: string, courseId: string, tx: Tx = db): Promise<DayRow[]> {
    return tx
      .select({
        day: challengeDays.day,
        isDone: challengeDays.isDone,
        activeOn: challengeDays.activeOn,
        changedAt: challengeDays.changedAt,
      })
      .from(challengeDays)
      .where(and(eq(challengeDays.userId, userId), eq(challengeDays.courseId, courseId)))
      .orderBy(asc(challengeDays.day));
  },

  async listSections(userId: string, lessonIds: string[], tx: Tx = db): Promise<SectionRow[]> {
    if (lessonIds.length === 0) return [];
    return tx
      .select({
        lessonId: sectionReads.lessonId,
        section: sectionReads.section,
        isRead: sectionReads.isRead,
        activeOn: sectionReads.activeOn,
        changedAt: sectionReads.changedAt,
      })
      .from(sectionReads)
      .where(and(eq(sectionReads.userId, userId), inArray(sectionReads.lessonId, lessonIds)))
      .orderBy(asc(sectionReads.lessonId), asc(sectionReads.section));
  },
});

export type ChallengeRepository = ReturnType<typeof challengeRepositoryFactory>;
