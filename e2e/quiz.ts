import type { Page } from 'playwright-core';

import type { ContentLanguage } from '#common/contracts/course.ts';
import type { LessonFile } from '#content/schema.ts';
import { rightOptionText } from '#test/quiz.ts';

export interface DrawnAnswer {
  /** The question as shown. */
  questionText: string;
  /** Whether it was answered right. */
  isRight: boolean;
}

/**
 * Takes the quiz on screen as a learner who studied would, whatever the server drew
 * (docs/decisions/073): each question is found in the week's bank (the content files) by its text,
 * and the right option by its text among the shuffled options. Questions for which `wrong(i, total)`
 * is true are answered with another option. Submits, and says what was asked and answered.
 */
export async function answerDrawn(
  page: Page,
  lesson: LessonFile,
  { wrong = () => false, lang = 'en' }: { wrong?: (i: number, total: number) => boolean; lang?: ContentLanguage } = {},
): Promise<DrawnAnswer[]> {
  const position = page.getByTestId('question-position');
  await position.first().waitFor();
  const total = Number(/(\d+)\D+(\d+)/.exec((await position.textContent()) ?? '')?.[2]);
  if (!total) throw new Error(`no question count in "${await position.textContent()}"`);
  const answered: DrawnAnswer[] = [];
  for (let i = 0; i < total; i++) {
    await position.filter({ hasText: new RegExp(`\\b${i + 1}\\D+${total}\\b`) }).waitFor();
    const questionText = ((await page.getByTestId('question-text').textContent()) ?? '').trim();
    const labels = (await page.locator('fieldset label').allTextContents()).map((t) => t.trim().replace(/^[A-D]\.\s*/, ''));
    const right = labels.indexOf(rightOptionText(lesson, { id: i + 1, questionText, options: labels, section: 0 }, lang));
    if (right < 0) throw new Error(`the right option of "${questionText}" is not on screen`);
    const isRight = !wrong(i, total);
    await page
      .getByRole('radio')
      .nth(isRight ? right : (right + 1) % labels.length)
      .check();
    answered.push({ questionText, isRight });
    if (i < total - 1) await page.getByRole('button', { name: lang === 'fr' ? 'Suivante' : 'Next' }).click();
  }
  await page.getByTestId('submit-assessment').click();
  return answered;
}
