import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '#client/test/render.tsx';
import { soulCheckSections } from '#common/domain/soul-check.ts';

import SoulHealthCheckPage from './soul-health-check-page.tsx';

describe('the Soul Health Check while answering', () => {
  it("offers the chosen country's first helpline on the first screen and on every step, and asks about self-harm gently", async () => {
    const { user } = renderWithApp(<SoulHealthCheckPage />);
    await user.selectOptions(await screen.findByLabelText('Your country'), 'US');

    for (const [s, section] of soulCheckSections.entries()) {
      const help = await screen.findByTestId('need-help-now');
      expect(help).toHaveTextContent('Need help now?');
      expect(within(help).getByText('988 Suicide & Crisis Lifeline')).toBeInTheDocument();
      expect(within(help).getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
      expect(within(help).getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
      // Above the questions.
      const first = await screen.findByTestId(`question-${s}-0`);
      expect(help.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      expect(screen.getByText(`Answer all ${section.questionCount} questions to continue.`)).toBeInTheDocument();
      for (let q = 0; q < section.questionCount; q++)
        await user.click(within(screen.getByTestId(`question-${s}-${q}`)).getByText('No', { exact: true }));
      if (section.id === 'mind')
        expect(screen.getByTestId('question-1-5')).toHaveTextContent(
          'In the past few weeks, have you had thoughts of hurting yourself, or of not wanting to be alive?',
        );
      await user.click(screen.getByRole('button', { name: s === soulCheckSections.length - 1 ? 'See Results' : 'Next Section' }));
    }
    await screen.findByTestId('soul-check-results');
    expect(screen.queryByTestId('crisis-help')).toBeNull();
  });

  it('shows crisis help at the top of the results for one red flag among 26 answers', async () => {
    const { user } = renderWithApp(<SoulHealthCheckPage />);
    await user.selectOptions(await screen.findByLabelText('Your country'), 'GB');
    for (const [s, section] of soulCheckSections.entries()) {
      await screen.findByTestId(`question-${s}-0`);
      for (let q = 0; q < section.questionCount; q++) {
        const answer = section.id === 'purpose' && q === 1 ? 'Yes' : 'No';
        await user.click(within(screen.getByTestId(`question-${s}-${q}`)).getByText(answer, { exact: true }));
      }
      await user.click(screen.getByRole('button', { name: s === soulCheckSections.length - 1 ? 'See Results' : 'Next Section' }));
    }
    const help = await screen.findByTestId('crisis-help');
    expect(within(help).getByRole('link', { name: 'Call 116 123' })).toHaveAttribute('href', 'tel:116123');
    expect(screen.getByTestId('result-purpose')).toHaveAttribute('data-level', 'growth');
  });
});
