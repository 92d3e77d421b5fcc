import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { describeError } from '#client/lib/errors.ts';
import { cn } from '#client/lib/utils.ts';

import { Pager } from './pager.tsx';

interface Page<T> {
  items: T[];
  total: number;
  pageSize: number;
}

interface Props<V extends string, T> {
  testId: string;
  title: string;
  subtitle: string;
  /** The "show" choice: which subset of the list is on screen. */
  viewLabel: string;
  view: V;
  views: readonly { value: V; label: string }[];
  onViewChange: (view: V) => void;
  viewTestId?: string;
  query: UseQueryResult<Page<T>>;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
  page: number;
  onPage: (page: number) => void;
}

/** The shell the admin's paged lists share: title, a view choice, loading/error/empty states, the items, the pager. */
export function AdminListPanel<V extends string, T>(p: Props<V, T>) {
  const { t } = useTranslation(['admin', 'common']);
  const data = p.query.data;
  return (
    <Card data-testid={p.testId}>
      <CardHeader>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle as="h2">{p.title}</CardTitle>
            <CardDescription>{p.subtitle}</CardDescription>
          </div>
          {/* A long French view name shrinks the select instead of pushing it past a phone's edge. */}
          <div className="min-w-0 max-w-full">
            <FormField label={p.viewLabel}>
              <NativeSelect
                value={p.view}
                onChange={(e) => {
                  p.onViewChange(e.target.value as V);
                  p.onPage(1);
                }}
                className="w-auto min-w-44 max-w-full"
                data-testid={p.viewTestId}
              >
                {p.views.map((v) => (
                  <option key={v.value} value={v.value}>
                    {v.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {p.query.isPending ? (
          <Spinner className="mx-auto" />
        ) : p.query.isError ? (
          <p role="alert" className="text-destructive">
            {describeError(t, p.query.error, { ns: 'admin' })}
          </p>
        ) : data && data.items.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{p.emptyText}</p>
        ) : (
          <ul className={cn('flex flex-col gap-3', p.query.isFetching && 'opacity-60')}>{data?.items.map(p.renderItem)}</ul>
        )}
        {data && <Pager page={p.page} pageSize={data.pageSize} total={data.total} onPage={p.onPage} />}
      </CardContent>
    </Card>
  );
}
