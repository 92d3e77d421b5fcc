import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { PrayerState } from '#common/contracts/prayer.ts';

import { RemindersForm } from './reminders-form.tsx';

const REMINDERS = '/api/prayer/reminders';
const empty: PrayerState = { ministryTimeZone: 'Europe/Paris', reminders: null, calendar: null };

describe('the reminders form of the Pray page', () => {
  it("starts from the defaults, refuses a time in quiet hours before sending, and sends the choices in the device's time zone", async () => {
    const api = stubApi().on('PUT', REMINDERS, (req) => ({ json: { ...empty, reminders: req.body } }));
    const { user } = renderWithApp(<RemindersForm state={empty} isLoading={false} isError={false} zone="Asia/Tokyo" />);
    expect(screen.getByText(/Times are in your time zone \(Asia\/Tokyo\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Morning reminder time')).toHaveValue('07:30');
    expect(screen.getByLabelText('From')).toHaveValue('21:00');

    await user.click(screen.getByRole('checkbox', { name: 'Remind me of the evening prayer' }));
    await user.clear(screen.getByLabelText('Evening reminder time'));
    await user.type(screen.getByLabelText('Evening reminder time'), '22:30');
    await user.click(screen.getByRole('button', { name: 'Save my reminders' }));
    expect(
      await screen.findByText('This time is in your quiet hours: choose another time or change your quiet hours.'),
    ).toBeInTheDocument();
    expect(api.calls('PUT', REMINDERS)).toEqual([]);

    // Quiet hours from 23:00: 22:30 is fine now.
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '23:00');
    await user.click(screen.getByRole('checkbox', { name: 'Remind me an hour before each prayer night' }));
    await user.click(screen.getByRole('button', { name: 'Save my reminders' }));
    expect(await screen.findByText('Your reminders are saved.')).toBeInTheDocument();
    expect(api.calls('PUT', REMINDERS).map((r) => r.body)).toEqual([
      {
        timeZone: 'Asia/Tokyo',
        morning: { isOn: false, minute: 450 },
        midday: { isOn: false, minute: 750 },
        evening: { isOn: true, minute: 22 * 60 + 30 },
        nights: true,
        quietStart: 23 * 60,
        quietEnd: 7 * 60,
      },
    ]);
  });
});
