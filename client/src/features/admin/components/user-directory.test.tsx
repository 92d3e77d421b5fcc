import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, type StubRequest } from '../../../test/fetch-stub.ts';
import { buildDirectoryPage, buildDirectoryRow } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { UserDirectory } from './user-directory.tsx';

const USERS = '/api/admin/users';

const naomi = buildDirectoryRow({ firstName: 'Naomi', lastName: 'Mentor', email: 'naomi@example.org', role: 'ambassador', courseProgress: 100, courseCompleted: true, completedDisciplesCount: 3, pendingDisciplesCount: 1, isAmbassadorEligible: true, isCoordinatorEligible: true });
const boaz = buildDirectoryRow({ firstName: 'Boaz', lastName: 'Learner', email: 'boaz@example.org', phone: null, address: null, courseProgress: 38, isAmbassadorEligible: false });
const noName = buildDirectoryRow({ firstName: null, lastName: null, email: 'anonymous@example.org', isAmbassadorEligible: true });

/** The search, filter and page the directory asked the server for. */
const asked = (r: StubRequest) => ({ search: r.url.searchParams.get('search'), filter: r.url.searchParams.get('filter'), page: r.url.searchParams.get('page') });

const table = () => within(screen.getByRole('table'));
const rowOf = (email: string) => within(table().getByText(email).closest('tr')!);

describe('the user directory', () => {
  it("lists each user's name, contact, progress, disciples and status badges, with the total", async () => {
    stubApi().on('GET', USERS, { json: buildDirectoryPage([naomi, boaz, noName], { total: 3 }) });
    renderWithApp(<UserDirectory />);

    // The header row and three users.
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    const first = rowOf('naomi@example.org');
    expect(first.getByRole('button', { name: 'Manage Naomi Mentor' })).toBeInTheDocument();
    expect(first.getByText('Ambassador')).toBeInTheDocument(); // the role
    expect(first.getByText('100%')).toBeInTheDocument();
    expect(first.getByText('3 completed')).toBeInTheDocument();
    expect(first.getByText('1 pending')).toBeInTheDocument();
    // Coordinator eligible: "Coordinator Ready" and not the Ambassador badge (spec section 3).
    expect(first.getByText('Completed')).toBeInTheDocument();
    expect(first.getByText('Coordinator Ready')).toBeInTheDocument();
    expect(within(first.getByTestId('status-badges')).queryByText('Ambassador')).not.toBeInTheDocument();

    const second = rowOf('boaz@example.org');
    expect(second.getByText('No phone')).toBeInTheDocument();
    expect(second.getByText('No address')).toBeInTheDocument();
    expect(second.getByText('38%')).toBeInTheDocument();
    expect(second.queryByText('Completed')).not.toBeInTheDocument();

    const third = rowOf('anonymous@example.org');
    expect(third.getByRole('button', { name: 'Manage anonymous@example.org' })).toHaveTextContent('No name');
    expect(within(third.getByTestId('status-badges')).getByText('Ambassador')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 users')).toBeInTheDocument();
  });

  it('asks the server for the search and the filter, back on page 1, and marks the chosen filter', async () => {
    const api = stubApi().on('GET', USERS, (req) => ({
      json: req.url.searchParams.get('search') === 'naomi' ? buildDirectoryPage([naomi]) : buildDirectoryPage([naomi, boaz], { total: 60 }),
    }));
    const { user } = renderWithApp(<UserDirectory />);
    await screen.findByText('Showing 2 of 60 users');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked(api.calls('GET', USERS).at(-1)!)).toEqual({ search: null, filter: null, page: '2' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email...' }), '  naomi ');
    await screen.findByText('Showing 1 of 1 users');
    expect(asked(api.calls('GET', USERS).at(-1)!)).toEqual({ search: 'naomi', filter: null, page: null });
    // One request for the whole typed word, not one per key.
    expect(api.calls('GET', USERS).filter((r) => r.url.searchParams.has('search'))).toHaveLength(1);

    const filters = within(screen.getByRole('group', { name: 'Filter users' }));
    expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(filters.getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(asked(api.calls('GET', USERS).at(-1)!)).toEqual({ search: 'naomi', filter: 'completed', page: null }));
    expect(filters.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    // The CSV export follows the same search and filter.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/users/export.csv?search=naomi&filter=completed&lang=en');
  });

  it('says "No users found" when nobody matches', async () => {
    stubApi().on('GET', USERS, { json: buildDirectoryPage([], { total: 0 }) });
    renderWithApp(<UserDirectory />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 users')).toBeInTheDocument();
  });

  it('says that the list could not load, instead of "No users found", when the server fails', async () => {
    stubApi().on('GET', USERS, apiError(500, 'INTERNAL', 'Internal error'));
    renderWithApp(<UserDirectory />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.queryByText('No users found')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("explains a refusal in the admin console's words", async () => {
    stubApi().on('GET', USERS, apiError(403, 'FORBIDDEN', 'Forbidden'));
    renderWithApp(<UserDirectory />);
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permission to access the admin dashboard.");
  });
});
