import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { buildDirectoryPage, buildDirectoryRow, buildSignedInAdmin } from '#client/test/factories.ts';
import { apiError, stubApi, type StubRequest } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { DirectoryRow } from '#common/contracts/admin.ts';

import { UserDirectory } from './user-directory.tsx';

const USERS = '/api/admin/users';

const naomi = buildDirectoryRow({
  firstName: 'Naomi',
  lastName: 'Mentor',
  email: 'naomi@example.org',
  role: 'ambassador',
  courseProgress: 100,
  courseCompleted: true,
  completedDisciplesCount: 3,
  pendingDisciplesCount: 1,
  isAmbassadorEligible: true,
  isCoordinatorEligible: true,
});
const boaz = buildDirectoryRow({
  firstName: 'Boaz',
  lastName: 'Learner',
  email: 'boaz@example.org',
  phone: null,
  address: null,
  courseProgress: 38,
  isAmbassadorEligible: false,
});
const noName = buildDirectoryRow({ firstName: null, lastName: null, email: 'anonymous@example.org', isAmbassadorEligible: true });

/** The search, filter and page the directory asked the server for. */
const asked = (r: StubRequest) => ({
  search: r.url.searchParams.get('search'),
  filter: r.url.searchParams.get('filter'),
  page: r.url.searchParams.get('page'),
});

const table = () => within(screen.getByRole('table'));
const rowOf = (email: string) => within(table().getByText(email).closest('tr')!);

describe('the user directory', () => {
  it('counts with the plural forms of each language: one user, several users', async () => {
    stubApi().on('GET', USERS, (req) => ({ json: buildDirectoryPage([naomi], { total: req.url.searchParams.get('search') ? 60 : 1 }) }));
    await i18n.changeLanguage('fr');
    const { user } = renderWithApp(<UserDirectory />);
    expect(await screen.findByTestId('directory-footer')).toHaveTextContent('Utilisateur affiché : 1 sur 1');
    await user.type(screen.getByRole('searchbox'), 'a');
    await waitFor(() => expect(screen.getByTestId('directory-footer')).toHaveTextContent('Utilisateurs affichés : 1 sur 60'));
  });

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

    // Pasted: one change of the box, however busy the machine (typing key by key faster than the
    // search waits is the debounce's own test, use-debounced-value.test.tsx, on a controlled clock).
    await user.click(screen.getByRole('searchbox', { name: 'Search by name or email...' }));
    await user.paste('  naomi ');
    await screen.findByText('Showing 1 of 1 user');
    expect(asked(api.calls('GET', USERS).at(-1)!)).toEqual({ search: 'naomi', filter: null, page: null });
    // One request for the search, trimmed, back on page 1.
    expect(api.calls('GET', USERS).filter((r) => r.url.searchParams.has('search'))).toHaveLength(1);

    const filters = within(screen.getByRole('group', { name: 'Filter users' }));
    expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(filters.getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(asked(api.calls('GET', USERS).at(-1)!)).toEqual({ search: 'naomi', filter: 'completed', page: null }));
    expect(filters.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    // The CSV export follows the same search and filter.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users/export.csv?search=naomi&filter=completed&lang=en',
    );
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

const me = buildSignedInAdmin();

/**
 * The server's users as the directory sees them, with the racy order that left a deleted person
 * listed in a loaded browser: the first search request is read at once (before the change) but its
 * answer arrives only after the change's confirmation (`confirmed`) is on the screen, while the directory is already asking again.
 */
function serverWithLateSearch(people: DirectoryRow[], confirmed: string) {
  let rows = people;
  let changed!: () => void;
  const change = new Promise<void>((resolve) => (changed = resolve));
  let heldOne = false;
  const api = stubApi()
    .on('GET', '/api/auth/user', { json: me })
    .on('GET', USERS, async (req) => {
      const search = req.url.searchParams.get('search')?.toLowerCase();
      // Read now, as the server's query would run now.
      const page = buildDirectoryPage(rows.filter((r) => !search || `${r.firstName} ${r.lastName}`.toLowerCase().includes(search)));
      if (search && !heldOne) {
        heldOne = true;
        await change;
        // Answered after the change's own answer has reached the screen.
        await screen.findByText(confirmed);
      }
      return { json: page };
    });
  for (const person of people)
    api
      .on('GET', `/api/admin/users/${person.id}/mentor`, () =>
        rows.some((r) => r.id === person.id) ? { json: { mentor: null } } : apiError(404, 'NOT_FOUND'),
      )
      .on('DELETE', `/api/admin/users/${person.id}`, () => {
        rows = rows.filter((r) => r.id !== person.id);
        changed();
        return { status: 204 };
      })
      .on('PUT', `/api/admin/users/${person.id}/deactivation`, (req) => {
        const { isDeactivated } = req.body as { isDeactivated: boolean };
        rows = rows.map((r) => (r.id === person.id ? { ...r, isDeactivated } : r));
        changed();
        return { json: { id: person.id, isDeactivated } };
      });
  return api;
}

describe('the directory after an account action, whatever order the answers come in', () => {
  const dana = buildDirectoryRow({ firstName: 'Dana', lastName: 'Keep', email: 'dana@example.org' });
  const other = buildDirectoryRow({ firstName: 'Boaz', lastName: 'Learner', email: 'boaz@example.org' });

  /** Types the name and clicks "Manage" at once (before the search is sent), then waits until the search is on its way. */
  async function manageWhileSearching(api: ReturnType<typeof stubApi>, user: ReturnType<typeof renderWithApp>['user']) {
    await screen.findByText('Showing 2 of 2 users');
    // Pasted, so the one search request is the whole name's, the one the server holds back.
    await user.click(screen.getByRole('searchbox', { name: 'Search by name or email...' }));
    await user.paste('Dana Keep');
    await user.click(screen.getAllByRole('button', { name: 'Manage Dana Keep' })[0]!);
    await waitFor(() => expect(api.calls('GET', USERS).filter((r) => r.url.searchParams.get('search') === 'Dana Keep')).toHaveLength(1));
    return within(await screen.findByTestId('manage-user-dialog'));
  }

  it('a deleted person leaves the list even when the search sent before the deletion is answered after it', async () => {
    const api = serverWithLateSearch([dana, other], "Dana Keep's account and personal data are erased.");
    const { user } = renderWithApp(<UserDirectory />);
    const dialog = await manageWhileSearching(api, user);
    await user.click(await dialog.findByRole('button', { name: 'Delete account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: "Delete Dana Keep's account?" })).getByRole('button', {
        name: 'Delete permanently',
      }),
    );

    expect(await screen.findByText("Dana Keep's account and personal data are erased.")).toBeInTheDocument();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByText('dana@example.org')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 users')).toBeInTheDocument();
  });

  it('a deactivated person shows the badge even when the search sent before is answered after', async () => {
    const api = serverWithLateSearch([dana, other], 'Dana Keep can no longer sign in.');
    const { user } = renderWithApp(<UserDirectory />);
    const dialog = await manageWhileSearching(api, user);
    await user.click(await dialog.findByRole('button', { name: 'Deactivate account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: "Deactivate Dana Keep's account?" })).getByRole('button', { name: 'Deactivate' }),
    );

    expect(await screen.findByText('Dana Keep can no longer sign in.')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('dana@example.org').getByText('Deactivated')).toBeInTheDocument());
    expect(screen.queryByText('boaz@example.org')).not.toBeInTheDocument();
  });
});
