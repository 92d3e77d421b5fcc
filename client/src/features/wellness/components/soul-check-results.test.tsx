import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { crisisLinesFor, crisisRegions, type CrisisRegion } from '#common/domain/crisis-lines.ts';
import { answerKey, soulCheckSections, type Answer, type Answers, type SectionId } from '#common/domain/soul-check.ts';

import { childProtectionLineFor, mainLineFor } from './help-now.tsx';
import Results from './soul-check-results.tsx';

const NO: Answer = 2;

/** Every question answered "No", except the given ones ([section, question, answer]). */
function answers(...given: [SectionId, number, Answer][]): Answers {
  const a: Answers = {};
  soulCheckSections.forEach((s, i) => {
    for (let q = 0; q < s.questionCount; q++) a[answerKey(i, q)] = NO;
  });
  for (const [section, q, answer] of given)
    a[
      answerKey(
        soulCheckSections.findIndex((s) => s.id === section),
        q,
      )
    ] = answer;
  return a;
}

function showResults(given: Answers, region: CrisisRegion = 'US') {
  return renderWithApp(<Results answers={given} onTakeAgain={vi.fn()} region={region} onRegionChange={vi.fn()} />);
}

/** Whether `a` comes before `b` in the page. */
const isBefore = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the results of a check with a red flag', () => {
  it.each([
    ['down, empty or hopeless most days', 'mind', 4, 0],
    ['thoughts of hurting themselves or not wanting to live', 'mind', 5, 0],
    ['thoughts of hurting themselves or not wanting to live, "Sometimes"', 'mind', 5, 1],
    ['a life with no real purpose', 'purpose', 1, 0],
  ] as const)(
    '%s: crisis help first, with one tap to call or text 988 and the emergency number',
    async (_item, section, question, answer) => {
      showResults(answers([section, question, answer]));
      const help = await screen.findByTestId('crisis-help');
      expect(within(help).getByRole('heading', { name: "You don't have to carry this alone" })).toBeInTheDocument();
      expect(within(help).getByText(/a parent or another adult you trust, a school counselor or your doctor/)).toBeInTheDocument();
      expect(within(help).getByText('988 Suicide & Crisis Lifeline')).toBeInTheDocument();
      expect(within(help).getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
      expect(within(help).getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
      expect(within(help).getByTestId('emergency-line')).toHaveTextContent('In immediate danger, call 911 now.');
      // At the top: right under the title, before the notice, the buttons and every section.
      const title = screen.getByRole('heading', { name: 'Your results' });
      expect(isBefore(title, help)).toBe(true);
      expect(isBefore(help, screen.getByTestId('not-a-diagnosis'))).toBe(true);
      expect(isBefore(help, screen.getByTestId('crisis-call'))).toBe(true);
      expect(isBefore(help, screen.getByTestId('result-heart'))).toBe(true);

      // The section is never "Healthy", whatever its count.
      const card = screen.getByTestId(`result-${section}`);
      expect(card).toHaveAttribute('data-level', 'growth');
      expect(within(card).getByText('Room to grow')).toBeInTheDocument();
      expect(within(card).queryByText('Healthy')).toBeNull();
      expect(within(card).getByText(/One of your answers here is worth talking about with someone soon/)).toBeInTheDocument();
      expect(within(card).queryByText(i18n.t(`public:soulCheck.sections.${section}.affirmation`))).toBeNull();
    },
  );

  it('offers the international directory, the emergency number and the callback where no line could be verified', async () => {
    expect(crisisLinesFor('NG')).toEqual([]);
    showResults(answers(['mind', 4, 0]), 'NG');
    const help = await screen.findByTestId('crisis-help');
    expect(within(help).getByText(/We could not confirm a helpline for this country yet/)).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: 'Find a helpline' })).toHaveAttribute('href', 'https://findahelpline.com/');
    expect(within(help).getByTestId('emergency-line')).toHaveTextContent(/call \d+/);
    expect(within(help).getByRole('button', { name: 'Ask us to call you back' })).toBeInTheDocument();
  });

  it('says the same in French', async () => {
    await i18n.changeLanguage('fr');
    showResults(answers(['mind', 5, 0]), 'FR');
    const help = await screen.findByTestId('crisis-help');
    expect(within(help).getByRole('heading', { name: "Tu n'as pas à porter ça seul" })).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: `Appeler le ${mainLineFor('FR')!.display}` })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(screen.getByTestId('result-mind')).getByText('À faire grandir')).toBeInTheDocument();
  });

  it('shows no crisis help, and an affirmation for each healthy section, when no red flag is raised', async () => {
    // One Yes in the mind section that is not a red flag, and "Sometimes" to hopelessness.
    showResults(answers(['mind', 0, 0], ['mind', 4, 1]));
    await screen.findByRole('heading', { name: 'Your results' });
    expect(screen.queryByTestId('crisis-help')).toBeNull();
    expect(screen.getByTestId('result-mind')).toHaveAttribute('data-level', 'healthy');
    expect(screen.getByText(/Your mind seems clear and well fed/)).toBeInTheDocument();
  });

  it('names a doctor, a counselor and a trusted adult beside the ambassadors for a section that needs support', async () => {
    showResults(answers(['habits', 0, 0], ['habits', 1, 0], ['habits', 2, 0], ['habits', 3, 0]));
    const card = await screen.findByTestId('result-habits');
    expect(card).toHaveAttribute('data-level', 'support');
    expect(within(card).getByText(/Tell an adult you trust, a school counselor or your doctor how you feel/)).toBeInTheDocument();
    // Psalm 127:2, not "I discipline my body and make it my slave", beside the question on skipped meals.
    expect(within(card).getByText('Psalm 127:2')).toBeInTheDocument();
    expect(screen.queryByText(/make it my slave/)).toBeNull();
  });
});

describe('the results of a check with a worry at home', () => {
  it("shows the country's child-protection line", async () => {
    const childLine = childProtectionLineFor('FR');
    expect(childLine, 'France has a child-protection line (119) in the directory').toBeDefined();
    showResults(answers(['relationships', 2, 0]), 'FR');
    const home = await screen.findByTestId('home-safety');
    expect(within(home).getByRole('heading', { name: 'Not feeling safe at home?' })).toBeInTheDocument();
    expect(within(home).getByText(/it is not your fault, and you deserve to be safe/)).toBeInTheDocument();
    expect(within(home).getByTestId('help-line')).toHaveAttribute('data-line', childLine!.id);
    expect(within(home).getByRole('link', { name: 'Call 119' })).toHaveAttribute('href', 'tel:119');
    expect(within(home).getByTestId('emergency-line')).toBeInTheDocument();
    // No red flag: no crisis help, but the worry at home comes before the sections.
    expect(screen.queryByTestId('crisis-help')).toBeNull();
    expect(isBefore(home, screen.getByTestId('result-heart'))).toBe(true);
  });

  it('labels each way with its own number (Kids Help Phone: call 1-800-668-6868, text 686868)', async () => {
    showResults(answers(['relationships', 2, 0]), 'CA');
    const home = await screen.findByTestId('home-safety');
    expect(within(home).getByRole('link', { name: 'Call 1-800-668-6868' })).toHaveAttribute('href', 'tel:+18006686868');
    expect(within(home).getByRole('link', { name: 'Text 686868' })).toHaveAttribute('href', expect.stringMatching(/^sms:686868/));
  });

  it("shows the country's first line and its emergency number where the directory has no child-protection line", async () => {
    const region = crisisRegions.find((r) => r !== 'international' && !childProtectionLineFor(r) && crisisLinesFor(r).length > 0);
    expect(region, 'a country with lines but none for child protection').toBeDefined();
    showResults(answers(['relationships', 2, 0]), region);
    const home = await screen.findByTestId('home-safety');
    expect(within(home).getByTestId('help-line')).toHaveAttribute('data-line', mainLineFor(region!)!.id);
    expect(within(home).getByText(/^You can also talk to /)).toBeInTheDocument();
    expect(within(home).getByTestId('emergency-line')).toBeInTheDocument();
  });

  it('is not shown for "Sometimes" or "No" about home', async () => {
    showResults(answers(['relationships', 2, 1]));
    await screen.findByRole('heading', { name: 'Your results' });
    expect(screen.queryByTestId('home-safety')).toBeNull();
  });
});

describe('a callback requested from the results', () => {
  async function requestCallback(given: Answers) {
    const api = stubApi().on('POST', '/api/callback-requests', { status: 201, json: { id: 'callback-1' } });
    const { user } = showResults(given);
    const block = within(await screen.findByTestId('support-block'));
    await user.selectOptions(block.getByLabelText('What would you like to talk about?'), 'emotional');
    await user.type(block.getByLabelText('Your first name'), 'Noah');
    await user.type(block.getByLabelText('Phone number'), '+1 404 555 0188');
    await user.click(block.getByRole('radio', { name: 'Phone call' }));
    await user.click(block.getByRole('radio', { name: "No, please don't" }));
    await user.click(block.getByRole('checkbox'));
    await user.click(block.getByRole('button', { name: 'Request a callback' }));
    expect(await screen.findByTestId('callback-sent')).toBeInTheDocument();
    return api.calls('POST', '/api/callback-requests').map((c) => (c.body as { scoreBand: string }).scoreBand);
  }

  it.each([
    ['every answer No', 'green', answers()],
    ['a section with room to grow', 'yellow', answers(['heart', 0, 0], ['heart', 1, 0])],
    ['a worry at home', 'yellow', answers(['relationships', 2, 0])],
    ['a lone Yes about hopelessness', 'red', answers(['mind', 4, 0])],
    ['a section that needs support', 'red', answers(['purpose', 0, 0], ['purpose', 2, 0], ['purpose', 3, 0], ['purpose', 4, 0])],
  ] as const)('carries the band of the results: %s is %s', async (_case, band, given) => {
    expect(await requestCallback(given)).toEqual([band]);
  });

  it('opens from the crisis help', async () => {
    const { user } = showResults(answers(['purpose', 1, 0]));
    const help = await screen.findByTestId('crisis-help');
    const support = screen.getByTestId('support-block');
    support.scrollIntoView = vi.fn();
    await user.click(within(help).getByRole('button', { name: 'Ask us to call you back' }));
    expect(support).toHaveFocus();
  });
});
