import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { queryClient } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { buildCurrentUser } from '#client/test/factories.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { CrisisRegion } from '#common/domain/crisis-lines.ts';

import { CrisisDirectory, useCrisisRegion } from './crisis-directory.tsx';

function Directory({ initial }: { initial: CrisisRegion }) {
  const [region, setRegion] = useState<CrisisRegion>(initial);
  return <CrisisDirectory region={region} onRegionChange={setRegion} />;
}

function GuessedDirectory() {
  const [region, setRegion] = useCrisisRegion();
  return <CrisisDirectory region={region} onRegionChange={setRegion} />;
}

describe('crisis directory', () => {
  it('says honestly when no line of the country could be verified, with its emergency number, our callback and the directory', async () => {
    renderWithApp(<Directory initial="SN" />);
    const directory = await screen.findByTestId('hotlines');
    expect(within(directory).getByTestId('no-verified-line')).toHaveTextContent(
      "We have not been able to check a helpline in Senegal yet, so we don't list one rather than risk a wrong number. If you are in danger, call the emergency number above. Our team can call you back: use the form just below.",
    );
    expect(within(directory).getByRole('link', { name: 'Find a helpline' })).toHaveAttribute('href', 'https://findahelpline.com/');
    expect(within(directory).getByTestId('emergency-line')).toHaveTextContent('In immediate danger, call 17 or 18 now.');
    expect(within(directory).getByRole('link', { name: 'Call 17' })).toHaveAttribute('href', 'tel:17');
    expect(within(directory).queryAllByTestId(/^crisis-line-/)).toHaveLength(0);
  });

  it('says "Free" only of lines that are, and gives each way its own number', async () => {
    const { user } = renderWithApp(<Directory initial="CH" />);
    const paid = await screen.findByTestId('crisis-line-ch143');
    expect(paid).not.toHaveTextContent('Free');
    expect(paid).toHaveTextContent('Costs 20 centimes per call, however long.');
    expect(screen.getByTestId('crisis-line-ch147')).toHaveTextContent('Free');
    expect(screen.queryByText(/these lines are free/i)).toBeNull();
    await user.selectOptions(screen.getByTestId('crisis-country'), 'CA');
    expect(within(screen.getByTestId('crisis-line-caKidsHelpPhone')).getByRole('link', { name: 'Text 686868' })).toHaveAttribute(
      'href',
      'sms:686868?body=CONNECT',
    );
  });

  it("starts from a signed-in person's own country, and says so", async () => {
    queryClient.setQueryData(sharedKeys.currentUser, buildCurrentUser({ country: 'KE' }));
    renderWithApp(<GuessedDirectory />);
    const directory = await screen.findByTestId('hotlines');
    expect(directory).toHaveAttribute('data-region', 'KE');
    expect(within(directory).getByTestId('crisis-country-note')).toHaveTextContent(
      'Kenya, from your profile. Somewhere else right now? Choose that country.',
    );
    expect(within(directory).getByTestId('crisis-line-ke116')).toBeInTheDocument();
  });
});
