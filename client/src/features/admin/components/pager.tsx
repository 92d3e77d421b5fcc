import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';

/** Previous / next with "Page x of y"; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center gap-2" aria-label={t('pager.label')}>
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={t('pager.previous')}>
        <ChevronLeft aria-hidden />
        <span className="hidden sm:inline">{t('pager.previous')}</span>
      </Button>
      <span className="text-sm tabular-nums text-muted-foreground">{t('pager.position', { page, pages })}</span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={t('pager.next')}>
        <span className="hidden sm:inline">{t('pager.next')}</span>
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
