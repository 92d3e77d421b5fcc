import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import WatchmomsDialog, { THANK_YOU_MS } from './watchmoms-dialog.tsx';

const APPLICATIONS = '/api/watchmoms-applications';

function openDialog() {
  const onOpenChange = vi.fn();
  // Fake timers that still move on their own, so the 3-second thank-you can be skipped.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderWithApp(<WatchmomsDialog open onOpenChange={onOpenChange} />, { user: { advanceTimers: vi.advanceTimersByTime } });
  return { onOpenChange, dialog: within(screen.getByRole('dialog', { name: 'Join WatchMoms' })), ...view };
}
afterEach(() => {
  vi.useRealTimers();
});

async function fillValidForm(user: ReturnType<typeof openDialog>['user'], dialog: ReturnType<typeof openDialog>['dialog']) {
  await user.type(dialog.getByLabelText('Full name'), 'Ruth Desravines');
  await user.type(dialog.getByLabelText('Phone number'), '+1 (617) 555-0134');
  await user.selectOptions(dialog.getByLabelText('Month'), 'February');
  await user.selectOptions(dialog.getByLabelText('Day'), '28');
  await user.selectOptions(dialog.getByLabelText('Year'), '1979');
  await user.selectOptions(dialog.getByLabelText('Country'), 'Haiti');
  await user.type(dialog.getByLabelText('City and state or province'), 'Boston, Massachusetts');
  await user.type(dialog.getByLabelText('Church denomination or affiliation'), 'Église Baptiste Haïtienne');
  await user.type(
    dialog.getByLabelText('Why would you like to join?'),
    'I pray for my sons every night and want to pray with other mothers.',
  );
  await user.click(dialog.getByRole('checkbox', { name: /I agree that the WatchMoms team may contact me/ }));
}

describe('the WatchMoms dialog', () => {
  it('shows what is missing, next to each field, and sends nothing', async () => {
    const api = stubApi();
    const { user, dialog } = openDialog();
    await user.click(dialog.getByRole('button', { name: 'Submit application' }));

    expect(await dialog.findByText('Please fill in all required fields and check the consent box.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Full name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(dialog.getByLabelText('Phone number')).toHaveAccessibleDescription('Please enter a valid phone number');
    expect(dialog.getByLabelText('Country')).toHaveAccessibleDescription('Country is required');
    expect(dialog.getByLabelText('City and state or province')).toHaveAccessibleDescription('City & State/Province is required');
    expect(dialog.getByLabelText('Church denomination or affiliation')).toHaveAccessibleDescription('Church affiliation is required');
    expect(dialog.getByLabelText('Why would you like to join?')).toHaveAccessibleDescription(/Please provide at least 20 characters/);
    expect(dialog.getByRole('checkbox')).toHaveAccessibleDescription('You must consent to continue');
    expect(api.calls('POST', APPLICATIONS)).toEqual([]);

    // A date that does not exist is refused too.
    await fillValidForm(user, dialog);
    await user.selectOptions(dialog.getByLabelText('Day'), '31');
    await user.click(dialog.getByRole('button', { name: 'Submit application' }));
    expect(await dialog.findByText('Please choose a date that exists')).toBeInTheDocument();
    expect(api.calls('POST', APPLICATIONS)).toEqual([]);
  });

  it('sends a valid application once, thanks for 3 seconds, then closes', async () => {
    const api = stubApi().on('POST', APPLICATIONS, { status: 201, json: { id: 'application-1' } });
    const { user, dialog, onOpenChange } = openDialog();
    await fillValidForm(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Submit application' }));

    const thanks = await screen.findByRole('dialog', { name: 'Thank You' });
    expect(within(thanks).getByText('We received your application. A team member will reach out shortly.')).toBeInTheDocument();
    const [sent] = api.calls('POST', APPLICATIONS);
    expect(sent!.body).toEqual({
      fullName: 'Ruth Desravines',
      phone: '+1 (617) 555-0134',
      birthdate: '1979-02-28',
      country: 'Haiti',
      cityState: 'Boston, Massachusetts',
      churchAffiliation: 'Église Baptiste Haïtienne',
      reasonForJoining: 'I pray for my sons every night and want to pray with other mothers.',
      consent: true,
    });
    expect(sent!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);

    await act(() => vi.advanceTimersByTimeAsync(THANK_YOU_MS - 100));
    expect(onOpenChange).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps what was typed and explains a server failure in a toast; the retry reuses the same key', async () => {
    let attempts = 0;
    const api = stubApi().on('POST', APPLICATIONS, () =>
      ++attempts === 1 ? apiError(503, 'DATABASE_UNAVAILABLE', 'down') : { status: 201, json: { id: 'application-2' } },
    );
    const { user, dialog } = openDialog();
    await fillValidForm(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getByText('The service is temporarily unavailable. Please try again shortly.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Full name')).toHaveValue('Ruth Desravines');

    await user.click(dialog.getByRole('button', { name: 'Submit application' }));
    await screen.findByRole('dialog', { name: 'Thank You' });
    const [first, second] = api.calls('POST', APPLICATIONS);
    expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
  });
});
