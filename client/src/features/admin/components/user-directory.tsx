import type { ParseKeys } from 'i18next';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ReauthDownloadLink } from '#client/components/layout/reauth-download-link.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { describeError } from '#client/lib/errors.ts';
import { cn } from '#client/lib/utils.ts';
import { directoryFilters, type DirectoryFilter, type DirectoryRow } from '#common/contracts/admin.ts';

import { exportUrl, useDirectory } from '../api/get-directory.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { fullNameOf } from '../utils/names.ts';
import { ManageUserDialog } from './manage-user-dialog.tsx';
import { Pager } from './pager.tsx';

const PAGE_SIZE = 25;

const filterKey: Record<DirectoryFilter, ParseKeys<'admin'>> = {
  all: 'directory.filters.all',
  completed: 'directory.filters.completed',
  'in-progress': 'directory.filters.inProgress',
  ambassador: 'directory.filters.ambassador',
  coordinator: 'directory.filters.coordinator',
};

/** Deactivated (an admin's doing), then Completed, Coordinator Ready, and Ambassador (only when not coordinator eligible), as spec section 2 lists them. */
function StatusBadges({ row }: { row: DirectoryRow }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap gap-1 empty:hidden" data-testid="status-badges">
      {row.isDeactivated && <Badge variant="destructive">{t('directory.badges.deactivated')}</Badge>}
      {row.courseCompleted && <Badge variant="success">{t('directory.badges.completed')}</Badge>}
      {row.isCoordinatorEligible && <Badge variant="default">{t('directory.badges.coordinator')}</Badge>}
      {row.isAmbassadorEligible && !row.isCoordinatorEligible && <Badge variant="gold">{t('directory.badges.ambassador')}</Badge>}
    </div>
  );
}

function UserCell({ row, onManage }: { row: DirectoryRow; onManage: () => void }) {
  const { t } = useTranslation('admin');
  const name = fullNameOf(row);
  return (
    <div className="min-w-0">
      <button
        type="button"
        onClick={onManage}
        className={cn(
          'max-w-full break-words text-left font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          !name && 'italic text-muted-foreground',
        )}
        aria-label={t('directory.manage', { name: name || row.email })}
        data-testid="user-name"
      >
        {name || t('directory.noName')}
      </button>
      {/* Whole, wrapping anywhere: an address cut short is a different address. */}
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="user-email">
        {row.email}
      </p>
      <p className={cn('text-xs', row.isEmailVerified ? 'text-success' : 'text-muted-foreground')} data-testid="email-verified">
        {row.isEmailVerified ? t('directory.emailVerified') : t('directory.emailNotVerified')}
      </p>
      {(row.role !== 'user' || row.isResponder) && (
        <p className="text-xs font-medium text-primary">
          {[row.role !== 'user' && t(`roles.${row.role}`), row.isResponder && t('directory.responder')].filter(Boolean).join(' · ')}
        </p>
      )}
    </div>
  );
}

function ContactCell({ row }: { row: DirectoryRow }) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-w-0 text-sm">
      <p className={cn(!row.phone && 'italic text-muted-foreground')}>{row.phone || t('directory.noPhone')}</p>
      <p className={cn('line-clamp-2 whitespace-pre-line text-muted-foreground', !row.address && 'italic')} data-testid="address">
        {row.address || t('directory.noAddress')}
      </p>
    </div>
  );
}

function ProgressCell({ row }: { row: DirectoryRow }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex items-center gap-2">
      <Progress value={row.courseProgress} label={t('directory.columns.progress')} className="w-[100px] max-w-full shrink" />
      <span className="text-sm tabular-nums">{row.courseProgress}%</span>
    </div>
  );
}

function DisciplesCell({ row }: { row: DirectoryRow }) {
  const { t } = useTranslation('admin');
  return (
    <div className="text-sm">
      <p>{t('directory.completedCount', { count: row.completedDisciplesCount })}</p>
      <p className="text-muted-foreground">{t('directory.pendingCount', { count: row.pendingDisciplesCount })}</p>
    </div>
  );
}

/** The user directory: server-side search, filter chips and paging, so it stays fast at any size. */
export function UserDirectory() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [filter, setFilter] = useState<DirectoryFilter>('all');
  const [pageState, setPageState] = useState({ page: 1, search, filter });
  // A new search or filter starts again at page 1.
  const page = pageState.search === search && pageState.filter === filter ? pageState.page : 1;
  const setPage = (p: number) => setPageState({ page: p, search, filter });
  const directory = useDirectory({ search, filter, page, pageSize: PAGE_SIZE }, true);
  const [managing, setManaging] = useState<DirectoryRow | null>(null);
  const data = directory.data;
  const rows = data?.users ?? [];
  return (
    <Card data-testid="user-directory">
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">{t('directory.title')}</CardTitle>
          {/* The export holds everyone's contacts: the password or a code first past the window. */}
          <ReauthDownloadLink
            href={exportUrl(search, filter, i18n.resolvedLanguage ?? 'en')}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            data-testid="export-csv"
          >
            <Download aria-hidden />
            {t('directory.export')}
          </ReauthDownloadLink>
        </div>
        <SearchInput
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          placeholder={t('directory.searchPlaceholder')}
          maxLength={100}
          data-testid="directory-search"
        />
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('directory.filtersLabel')}>
          {directoryFilters.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              data-testid={`filter-${f}`}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                filter === f ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-secondary',
              )}
            >
              {t(filterKey[f])}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className={cn('relative transition-opacity', directory.isFetching && 'opacity-60')} aria-busy={directory.isFetching}>
          {directory.isFetching && (
            <div className="absolute inset-x-0 top-10 z-10 flex justify-center" aria-hidden>
              <Spinner />
            </div>
          )}
          {directory.isError && !data ? (
            <p role="alert" className="py-10 text-center text-destructive">
              {describeError(t, directory.error, { ns: 'admin' })}
            </p>
          ) : rows.length === 0 && !directory.isPending ? (
            <p className="py-10 text-center text-muted-foreground" data-testid="no-users">
              {t('directory.empty')}
            </p>
          ) : (
            <>
              <table className="hidden w-full table-fixed text-left md:table" data-testid="directory-table">
                <thead>
                  <tr className="border-b text-xs uppercase tracking-wide text-muted-foreground">
                    <th scope="col" className="w-[26%] py-2 pr-3 font-semibold">
                      {t('directory.columns.user')}
                    </th>
                    <th scope="col" className="w-[24%] py-2 pr-3 font-semibold">
                      {t('directory.columns.contact')}
                    </th>
                    <th scope="col" className="w-[16%] py-2 pr-3 font-semibold">
                      {t('directory.columns.progress')}
                    </th>
                    <th scope="col" className="w-[14%] py-2 pr-3 font-semibold">
                      {t('directory.columns.disciples')}
                    </th>
                    <th scope="col" className="w-[20%] py-2 font-semibold">
                      {t('directory.columns.status')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} className="border-b align-top last:border-0" data-testid="directory-row" data-user-id={row.id}>
                      <td className="py-3 pr-3">
                        <UserCell row={row} onManage={() => setManaging(row)} />
                      </td>
                      <td className="py-3 pr-3">
                        <ContactCell row={row} />
                      </td>
                      <td className="py-3 pr-3">
                        <ProgressCell row={row} />
                      </td>
                      <td className="py-3 pr-3">
                        <DisciplesCell row={row} />
                      </td>
                      <td className="py-3">
                        <StatusBadges row={row} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ul className="flex flex-col gap-3 md:hidden" aria-label={t('directory.title')}>
                {rows.map((row) => (
                  <li key={row.id} className="flex flex-col gap-3 rounded-xl border p-3" data-testid="directory-card">
                    {/* Badges under the name, not beside it, so they never take the email's width. */}
                    <div className="flex flex-col gap-2">
                      <UserCell row={row} onManage={() => setManaging(row)} />
                      <StatusBadges row={row} />
                    </div>
                    <ContactCell row={row} />
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <ProgressCell row={row} />
                      <DisciplesCell row={row} />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        {data && (
          <div className="flex flex-col items-center justify-between gap-3 border-t pt-4 sm:flex-row">
            <p className="text-sm text-muted-foreground" data-testid="directory-footer">
              {t('directory.showing', { shown: rows.length, count: data.total })}
            </p>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </div>
        )}
      </CardContent>
      {managing && data && <ManageUserDialog user={managing} founderCount={data.founderCount} onClose={() => setManaging(null)} />}
    </Card>
  );
}
