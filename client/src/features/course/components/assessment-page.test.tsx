import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';

import { queryClient } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { buildAssessment, buildCurrentUser, buildLesson, buildSubmitResult } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import AssessmentPage from './assessment-page.tsx';

const lesson = buildLesson({ id: 'lesson-1', nextLessonId: 'lesson-2' });
const quiz = buildAssessment({ id: 'assessment-1', lessonId: lesson.id });
const rightAnswers = [1, 0, 2];

/** The assessment of `lesson` with every section marked read, as the lesson page leaves it. */
function openAssessment({ sectionsRead = lesson.content.length, isCompleted = lesson.isCompleted } = {}) {
  localStorage.setItem(`course:read-sections:${lesson.id}`, JSON.stringify([...Array(sectionsRead).keys()]));
  const api = stubApi()
    .on('GET', `/api/lessons/${lesson.id}`, { json: { ...lesson, isCompleted } })
    .on('GET', `/api/lessons/${lesson.id}/assessment`, { json: quiz });
  const view = renderWithApp(<Route path="/assessment/:id" component={AssessmentPage} />, { path: `/assessment/${lesson.id}` });
  return { api, ...view };
}

/** Picks an option of each question in turn, as a learner does, then submits. */
async function answer(user: ReturnType<typeof openAssessment>['user'], choices: number[]) {
  for (const [i, choice] of choices.entries()) {
    await screen.findByText(`Question ${i + 1} of ${choices.length}`);
    const question = quiz.questions[i]!;
    await user.click(screen.getByRole('radio', { name: new RegExp(question.options[choice]!) }));
    if (i < choices.length - 1) await user.click(screen.getByRole('button', { name: 'Next' }));
  }
  await user.click(screen.getByRole('button', { name: 'Submit answers' }));
}

describe('the assessment', () => {
  it('goes one question at a time: Next waits for an answer, Previous keeps it, Submit waits for all', async () => {
    const { user } = openAssessment();
    await screen.findByRole('heading', { level: 1, name: quiz.lessonTitle });
    expect(screen.getByText('3 questions. You need 70% to pass.')).toBeInTheDocument();
    // The answers form one group named by the question, as a screen reader announces it.
    expect(screen.getByRole('group', { name: quiz.questions[0]!.questionText })).toContainElement(
      screen.getByRole('radio', { name: /The Word who was God/ }),
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /The Word who was God/ }));
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: /The Word who was God/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('radio', { name: /Seek and save the lost/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    expect(screen.getByText('Answer every question to submit.')).toBeInTheDocument();
  });

  it('sends the answers and shows the pass screen with the answer review and the way on', async () => {
    const { api, user } = openAssessment();
    api.on('POST', `/api/assessments/${quiz.id}/submit`, { json: buildSubmitResult({ correctAnswers: rightAnswers }) });
    await answer(user, rightAnswers);

    expect(await screen.findByRole('heading', { name: 'You passed!' })).toBeInTheDocument();
    expect(api.calls('POST', `/api/assessments/${quiz.id}/submit`).map((r) => r.body)).toEqual([
      { drawId: quiz.drawId, answers: rightAnswers },
    ]);
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('You answered 3 of 3 questions correctly.')).toBeInTheDocument();
    expect(screen.getByText('Week 1 is complete. Well done, keep going!')).toBeInTheDocument();
    const review = screen.getByRole('region', { name: 'Your answers' });
    expect(within(review).getAllByLabelText('Correct')).toHaveLength(3);
    expect(within(review).getByText('Correct answer: Yes, fully human')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to week 2/ })).toHaveAttribute('href', '/lesson/lesson-2');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers the certificate after the last week', async () => {
    const { api, user } = openAssessment();
    api.on('POST', `/api/assessments/${quiz.id}/submit`, { json: buildSubmitResult({ nextLessonId: null }) });
    await answer(user, rightAnswers);
    expect(await screen.findByRole('link', { name: /Get your certificate/ })).toHaveAttribute(
      'href',
      `/certificate?courseId=${lesson.courseId}`,
    );
  });

  it('shows the fail screen with the sections to read again, never which answer was right, and Try again starts a new draw', async () => {
    const { api, user } = openAssessment();
    const wrong = [0, 1, 0];
    api.on('POST', `/api/assessments/${quiz.id}/submit`, {
      json: buildSubmitResult({
        passed: false,
        score: 33,
        correctAnswers: [],
        questionResults: [],
        sectionsToReview: [{ section: 1, missed: 2 }],
        correctCount: 1,
        nextLessonId: null,
      }),
    });
    // The server's next draw for this learner.
    const next = { ...quiz, drawId: '9d8c7b6a-5f4e-4d3c-8b2a-1e0f9a8b7c6d' };
    api.on('GET', `/api/lessons/${lesson.id}/assessment`, { json: next });
    await answer(user, wrong);

    expect(await screen.findByRole('heading', { name: 'Not quite yet' })).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You need at least 70% to pass. Please review the lesson and try again.');
    expect(screen.queryByRole('region', { name: 'Your answers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Correct answer/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Review the lesson/ })).toHaveAttribute('href', `/lesson/${lesson.id}`);
    // The sections the missed questions come from, linked; not the questions, not "your answer".
    const review = screen.getByRole('region', { name: '1 section to read again' });
    expect(within(review).getByRole('link', { name: `Read section 1 again: ${lesson.content[0]!.heading}` })).toHaveAttribute(
      'href',
      `/lesson/${lesson.id}#section-1`,
    );
    expect(within(review).getByText('2 questions missed')).toBeInTheDocument();
    expect(screen.queryByText(quiz.questions[0]!.questionText)).not.toBeInTheDocument();
    expect(screen.queryByText(/Your answer/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    await answer(user, rightAnswers);
    await screen.findByRole('heading', { name: 'Not quite yet' });
    expect(api.calls('POST', `/api/assessments/${quiz.id}/submit`).map((r) => (r.body as { drawId: string }).drawId)).toEqual([
      quiz.drawId,
      next.drawId,
    ]);
  });

  it('after the 3rd failed try of the day, says when the next opens instead of offering another', async () => {
    const { api, user } = openAssessment();
    const opensAt = '2026-11-28T15:05:00.000Z';
    api.on('POST', `/api/assessments/${quiz.id}/submit`, {
      json: buildSubmitResult({
        passed: false,
        score: 33,
        correctAnswers: [],
        questionResults: [],
        sectionsToReview: [{ section: 2, missed: 2 }],
        correctCount: 1,
        nextLessonId: null,
        pausedUntil: opensAt,
      }),
    });
    api.on('GET', `/api/lessons/${lesson.id}/assessment`, apiError(429, 'ATTEMPTS_PAUSED', 'Paused', { opensAt }));
    await answer(user, [0, 1, 0]);
    expect(await screen.findByTestId('result-paused')).toHaveTextContent(
      /That was your 3rd try today\. Take a break and read these sections again: your next try opens at Nov 28, 2026/,
    );
    expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
  });

  it('shows the pause, with when it ends, when the quiz is opened during it', async () => {
    localStorage.setItem(`course:read-sections:${lesson.id}`, JSON.stringify([...Array(lesson.content.length).keys()]));
    stubApi()
      .on('GET', `/api/lessons/${lesson.id}`, { json: lesson })
      .on(
        'GET',
        `/api/lessons/${lesson.id}/assessment`,
        apiError(429, 'ATTEMPTS_PAUSED', 'Paused', { opensAt: '2026-11-28T15:05:00.000Z' }),
      );
    renderWithApp(<Route path="/assessment/:id" component={AssessmentPage} />, { path: `/assessment/${lesson.id}` });
    const card = await screen.findByTestId('quiz-paused');
    expect(within(card).getByText('Time for a short break')).toBeInTheDocument();
    expect(
      within(card).getByText(
        /You have tried this week's quiz 3 times today\. Read the lesson again, slowly, section by section: your next try opens at Nov 28, 2026/,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Back to the lesson' })).toHaveAttribute('href', `/lesson/${lesson.id}`);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says a week already passed stays completed when a retake fails', async () => {
    const { api, user } = openAssessment({ isCompleted: true });
    api.on('POST', `/api/assessments/${quiz.id}/submit`, {
      json: buildSubmitResult({
        passed: false,
        score: 33,
        correctAnswers: [],
        questionResults: [],
        sectionsToReview: [{ section: 1, missed: 2 }],
        correctCount: 1,
        nextLessonId: null,
      }),
    });
    await answer(user, [0, 1, 0]);
    expect(await screen.findByRole('heading', { name: 'Not quite yet' })).toBeInTheDocument();
    expect(screen.getByTestId('week-stays-completed')).toHaveTextContent(
      `This attempt didn't reach 70%, but week ${quiz.weekNumber} stays completed: your earlier pass still counts.`,
    );
    expect(screen.queryByText(/You need at least 70% to pass/)).not.toBeInTheDocument();
  });

  it('keeps the answers and says so in a toast when the submit fails', async () => {
    const { api, user } = openAssessment();
    api.on('POST', `/api/assessments/${quiz.id}/submit`, apiError(503, 'DATABASE_UNAVAILABLE'));
    await answer(user, rightAnswers);
    expect(await screen.findByText('The service is temporarily unavailable. Please try again shortly.')).toBeInTheDocument();
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Yes, fully human/ })).toBeChecked();
  });

  it('keeps the answers of a young person whose parent has not agreed on this device, sends nothing, and says why kindly', async () => {
    const me = buildCurrentUser({ consentStatus: 'pending_parent' });
    queryClient.setQueryData(sharedKeys.currentUser, me);
    const { api, user } = openAssessment();
    await answer(user, rightAnswers);

    const card = await screen.findByTestId('quiz-kept-for-parent');
    expect(within(card).getByText('Your answers are kept on this device')).toBeInTheDocument();
    expect(
      within(card).getByText(/Your parent hasn't said yes yet, so for now we keep nothing from the course on our server/),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Back to the lesson' })).toHaveAttribute('href', `/lesson/${lesson.id}`);
    // Not even sent: the server would refuse to keep them (decision 062).
    expect(api.calls('POST', `/api/assessments/${quiz.id}/submit`)).toEqual([]);
    const kept = JSON.parse(localStorage.getItem(`learning:quiz-outbox:v1:${me.id}`) ?? '[]') as {
      assessmentId: string;
      answers: number[];
    }[];
    expect(kept.map((q) => [q.assessmentId, q.answers])).toEqual([[quiz.id, rightAnswers]]);
  });

  it('keeps the answers on this device when the server says a parent has not agreed yet', async () => {
    const me = buildCurrentUser();
    queryClient.setQueryData(sharedKeys.currentUser, me);
    const { api, user } = openAssessment();
    // The parent has not agreed after all (the account in this browser is older): the server keeps nothing.
    api.on('POST', `/api/assessments/${quiz.id}/submit`, apiError(403, 'PARENT_CONSENT_PENDING'));
    api.on('PUT', '/api/challenge', apiError(403, 'PARENT_CONSENT_PENDING'));
    await answer(user, rightAnswers);
    expect(await screen.findByTestId('quiz-queued')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`learning:quiz-outbox:v1:${me.id}`) ?? '[]')).toHaveLength(1);
  });

  it('sends a learner who has not read every section back to the lesson', async () => {
    openAssessment({ sectionsRead: 1 });
    expect(await screen.findByText('Read the lesson first')).toBeInTheDocument();
    expect(screen.getByText('Mark every teaching section as read, then the assessment opens.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the lesson' })).toHaveAttribute('href', `/lesson/${lesson.id}`);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
