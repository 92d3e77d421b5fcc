import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import type { AnyT } from '#client/lib/errors.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { buildCurrentUser } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { flushQuizOutbox, queueQuiz, readOutbox } from './quiz-outbox.ts';

/** Answers kept offline that the server then refuses (issue 30): kept while the refusal passes, else dropped with a word to the learner. */
const assessmentId = '6f1c2b8e-2a51-4c1e-9c4b-2f0e6a1d9b7c';
const keep = () => {
  const me = buildCurrentUser();
  queryClient.setQueryData(sharedKeys.currentUser, me);
  queueQuiz({ key: crypto.randomUUID(), assessmentId, courseId: 'c1', answers: [0, 1, 2] });
};

describe('the offline quiz outbox', () => {
  it('keeps the answers while the server is briefly unavailable', async () => {
    keep();
    const api = stubApi().on('POST', `/api/assessments/${assessmentId}/submit`, apiError(503, 'DATABASE_UNAVAILABLE'));
    renderWithApp(<p>screen</p>);
    await flushQuizOutbox();
    expect(api.calls('POST', `/api/assessments/${assessmentId}/submit`)).toHaveLength(1);
    expect(readOutbox()).toHaveLength(1);
    expect(screen.queryByText(i18n.t('course:offlineQuiz.refusedTitle'))).toBeNull();
  });

  it('tells the learner, in their language and with the reason, when the answers are refused for good', async () => {
    keep();
    stubApi().on('POST', `/api/assessments/${assessmentId}/submit`, apiError(403, 'LESSON_LOCKED', 'This lesson is locked.'));
    renderWithApp(<p>screen</p>);
    await i18n.changeLanguage('fr');
    await flushQuizOutbox();
    expect(readOutbox()).toEqual([]);
    const fr: AnyT = i18n.getFixedT('fr');
    expect(await screen.findByText(fr('course:offlineQuiz.refusedTitle'))).toBeVisible();
    const text = fr('course:offlineQuiz.refusedText', { reason: fr('common:errors.LESSON_LOCKED') });
    expect(screen.getByText(text, { normalizer: (t) => t })).toBeVisible();
  });
});
